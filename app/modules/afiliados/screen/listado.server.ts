// The 'Listados de afiliados' screen's adapter (spec part 1 §2): the loader's data of /listado-afiliados — the filters
// (parsed with ListadoQuerySchema; as typed when refused), the page of members, the reasons of the 'motivo de baja'
// select, and the reciprocity agreement of ?convenio= (the inline block without JavaScript). The route has checked
// the screen; the work is ../listado.server.ts's.
import { json } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, typedValues, type FieldError } from "~/lib/input";
import {
  filterToParams,
  ListadoQuerySchema,
  PAGE_SIZE,
  type ConvenioDetalle,
} from "~/modules/afiliados/listado.schema";
import { listAfiliados, motivosBaja, openConvenio } from "~/modules/afiliados/listado.server";

/** The agreement of ?convenio=<idafi> (or its message), when the URL opens it. */
async function convenioDe(
  user: SessionUser,
  idafi: string | undefined,
): Promise<{ convenio: ConvenioDetalle | null; convenioMsg: string | null }> {
  if (idafi == null) return { convenio: null, convenioMsg: null };
  const opened = await openConvenio(user, idafi);
  return opened.ok ? { convenio: opened.convenio, convenioMsg: null } : { convenio: null, convenioMsg: opened.msg };
}

/** The loader's data of /listado-afiliados: the page of the URL's filters, or 400 with the filters as typed. */
export async function listadoAfiliadosScreen(request: Request, user: SessionUser) {
  const raw = queryOf(request);
  const canExport = can(user, OP.EXPORTAR_LISTADO_AFILIADOS);
  const motivos = await motivosBaja();
  const parsed = parseInput(ListadoQuerySchema, raw);
  if (!parsed.ok) {
    const values = {
      ...typedValues(raw, { afi_dni: 9, nombre: 100 }),
      ver_solo_afi_inactivo: raw.ver_solo_afi_inactivo === "true",
      motivo_de_baja: null,
    };
    const empty = { listado: [], total: 0, page: 0, size: PAGE_SIZE, query: "", convenio: null, convenioMsg: null };
    return json(
      { ok: false as const, errors: parsed.errors, values, motivos, canExport, today: todayISO(), ...empty },
      { status: 400 },
    );
  }
  const q = parsed.data;
  const { convenio, convenioMsg } = await convenioDe(user, raw.convenio);
  const { listado, total } = await listAfiliados(q);
  return json({
    ok: true as const,
    errors: [] as FieldError[],
    values: q,
    motivos,
    canExport,
    today: todayISO(),
    listado,
    total: total ?? 0,
    page: q.page,
    size: q.size,
    query: filterToParams(q).toString(),
    convenio,
    convenioMsg,
  });
}
