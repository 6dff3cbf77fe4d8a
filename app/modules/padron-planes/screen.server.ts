// The 'Buscar Afiliados Enrolados' screen's adapter (spec part 1 §2/§4/§8/§9; docs/decisions/040-padron-de-planes.md):
// the loader's data of /consultar-padron-onco — the filters as typed (to refill the form whatever the parse said),
// the coverages of the select, and the enrolments of the search from the reporting snapshot (paged by 20, or the
// whole capped list when inactive-only or expired-only is on). The route has checked the screen.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { parseInput, queryOf, typedValues, type FieldError } from "~/lib/input";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import { planesParams, PlanesQuerySchema } from "./padron-planes.schema";
import { buscarEnrolamientos, listCoberturas, type Cobertura } from "./padron-planes.server";
import type { PlanesRow } from "./planes.columns";
import { DEFAULT_COBERTURA, PAGE_SIZE, pagingHidden } from "./rules";

type Resultado = { rows: PlanesRow[]; total: number; page: number; size: number; paged: boolean; query: string };

const FLAGS = [
  "ver_solo_afi_inactivo",
  "ver_solo_enrolamiento_vencido",
  "ver_solo_enrolamiento_activo",
  "ver_afiliados_en_convenio",
] as const;

/** The form's values as typed (the URL's), bounded, for refilling the form whatever the parse said. */
function formValues(raw: Record<string, string>) {
  const on = (k: string) =>
    ["true", "1", "on", "si", "sí"].includes(
      String(raw[k] ?? "")
        .trim()
        .toLowerCase(),
    );
  const texts = typedValues(raw, { afi_dni: 9, apellido: 100, nombre: 100 });
  const cod_padron = typedValues(raw, { cod_padron: 6 }, { trim: true }).cod_padron || String(DEFAULT_COBERTURA);
  return {
    ...texts,
    cod_padron,
    ...(Object.fromEntries(FLAGS.map((k) => [k, on(k)])) as Record<(typeof FLAGS)[number], boolean>),
  };
}

/** The loader's data of /consultar-padron-onco: the enrolments of the URL's search, or its refusal with the form. */
export async function padronPlanesScreen(request: Request, user: SessionUser) {
  const raw = queryOf(request);
  const base = {
    snapshot: reportSnapshot(user, request),
    values: formValues(raw),
    canExport: can(user, OP.EXPORTAR_PADRON_PLANES),
    coberturas: [] as Cobertura[],
    errors: [] as FieldError[],
    error: null as string | null,
    resultado: null as Resultado | null,
  };
  const parsed = parseInput(PlanesQuerySchema, raw);
  if (!parsed.ok) {
    const cobs = await listCoberturas();
    const coberturas = cobs.ok ? cobs.coberturas : [];
    return json({ ...base, coberturas, errors: parsed.errors, error: parsed.msg }, { status: 400 });
  }
  const q = parsed.data;
  const paged = !pagingHidden(q);
  const r = await buscarEnrolamientos(q, paged ? { page: q.page, size: q.size } : "unpaged");
  if (!r.ok) {
    const cobs = r.status === 503 ? null : await listCoberturas();
    const coberturas = cobs?.ok ? cobs.coberturas : [];
    return json({ ...base, coberturas, error: r.msg }, { status: r.status });
  }
  const params = planesParams(q);
  if (q.size !== PAGE_SIZE) params.set("size", String(q.size));
  const rows: PlanesRow[] = r.rows.map((x) => ({
    id: x.id,
    idenrolamiento: x.idenrolamiento,
    baperapell: x.baperapell,
    bapernombr: x.bapernombr,
    dni: x.dni,
    bagfmnroaf: x.bagfmnroaf,
    enprfecvig: x.enprfecvig,
    enprfecbaj: x.enprfecbaj,
    estado: x.estado,
    vencido: x.vencido,
  }));
  return json({
    ...base,
    coberturas: r.coberturas,
    resultado: { rows, total: r.total, page: q.page, size: q.size, paged, query: params.toString() },
  });
}
