// The /consumos-por-prestador screen's loader data (spec part 2 §2, §5, §8; docs/decisions/014-provider-consumption.md):
// the URL's search (buscar = prof | consumos | ranking) runs here — the professional search on Postgres, the
// practices of a provider and period (and the consumed authorisations of one practice, ?practica=&subitem=) and the
// ranking on the reporting snapshot. A rejected search answers 400 with its messages; an unavailable report 503.
import { json, type TypedResponse } from "@remix-run/node";
import { can, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { todayISO } from "~/lib/dates";
import { parseInput, type FieldError } from "~/lib/input";
import { consumosEfector, listadoConsumos, rankingConsumos } from "~/modules/estadisticas/consumos.server";
import {
  BUSCAR_CONSUMOS,
  BUSCAR_PROF,
  BUSCAR_RANKING,
  ConsumosEfectorSchema,
  ListadoConsumosSchema,
  RankingConsumosSchema,
  screenValues,
  tabOf,
  type Aviso,
  type ConsumosEfectorInput,
  type ConsumosTab,
  type ScreenValues,
} from "~/modules/estadisticas/consumos.schema";
import { efectorByCodigo } from "~/modules/estadisticas/efectores.server";
import { BuscarProfSchema } from "~/modules/prestadores/profesionales.schema";
import { searchProfesionales } from "~/modules/prestadores/profesionales.server";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";

type Ok<R> = Extract<Awaited<R>, { ok: true }> extends { value: infer V } ? V : never;
type Consumos = { rows: Ok<ReturnType<typeof consumosEfector>>; datos_al: string };

/** The loader's data: the tab, the filters and what the URL's search found (or why it did not). */
type ConsumosScreenData = {
  tab: ConsumosTab;
  values: ScreenValues;
  snapshot: ReturnType<typeof reportSnapshot>;
  efector: Awaited<ReturnType<typeof efectorByCodigo>> | null;
  searched: Aviso["form"] | null;
  aviso: Aviso | null;
  error: string | null;
  profesionales: Awaited<ReturnType<typeof searchProfesionales>> | null;
  consumos: Consumos | null;
  listado: {
    practica: string;
    subitem: string | null;
    descpractica: string;
    rows: Ok<ReturnType<typeof listadoConsumos>>["rows"];
    truncado: boolean;
  } | null;
  ranking: { rows: Ok<ReturnType<typeof rankingConsumos>>; datos_al: string } | null;
  /** Operation 35: 'Exportar a PDF' of either tab. */
  canExport: boolean;
};
type Answer = TypedResponse<ConsumosScreenData>;

/** A rejected search: its message and each field's, under the screen's field names (`rename`). */
function aviso(
  form: Aviso["form"],
  rejected: { msg: string; errors: FieldError[] },
  rename: Record<string, string> = {},
): Aviso {
  const errors = Object.fromEntries(rejected.errors.map((e) => [rename[e.param] ?? e.param, e.msg]));
  return { form, msg: rejected.msg, errors };
}

/** 'Consumos por Efector': the provider's practices, and the consumed authorisations of the open practice. */
async function buscarConsumos(base: ConsumosScreenData, params: URLSearchParams): Promise<Answer> {
  const parsed = parseInput(ConsumosEfectorSchema, base.values);
  if (!parsed.ok) return json({ ...base, aviso: aviso(BUSCAR_CONSUMOS, parsed) }, { status: 400 });
  const r = await consumosEfector(parsed.data);
  if (!r.ok) return json({ ...base, error: r.msg }, { status: 503 });
  const out: ConsumosScreenData = {
    ...base,
    searched: BUSCAR_CONSUMOS,
    consumos: { rows: r.value, datos_al: r.datos_al },
  };
  if (!params.has("practica")) return json(out);
  return listado(out, parsed.data, params);
}

/** The open practice's consumed authorisations (?practica=&subitem=) below the provider's practices. */
async function listado(out: ConsumosScreenData, efector: ConsumosEfectorInput, params: URLSearchParams) {
  const lp = parseInput(ListadoConsumosSchema, {
    ...efector,
    practica: params.get("practica") ?? "",
    subitem: params.get("subitem") ?? undefined,
  });
  if (!lp.ok) return json({ ...out, error: lp.msg }, { status: 400 });
  const l = await listadoConsumos(lp.data);
  if (!l.ok) return json({ ...out, error: l.msg }, { status: 503 });
  const row = out.consumos?.rows.find(
    (x) => x.practica === lp.data.practica && (lp.data.subitem == null || x.subitem === lp.data.subitem),
  );
  return json({
    ...out,
    listado: {
      practica: lp.data.practica,
      subitem: lp.data.subitem ?? null,
      descpractica: row?.descpractica ?? lp.data.practica,
      rows: l.value.rows,
      truncado: l.value.truncado,
    },
  });
}

/** 'Ranking de Consumos' of a period (its fields are ranking_desde / ranking_hasta on the screen). */
async function buscarRanking(base: ConsumosScreenData): Promise<Answer> {
  const input = { fecha_desde: base.values.ranking_desde, fecha_hasta: base.values.ranking_hasta };
  const parsed = parseInput(RankingConsumosSchema, input);
  if (!parsed.ok) {
    const renamed = { fecha_desde: "ranking_desde", fecha_hasta: "ranking_hasta" };
    return json({ ...base, aviso: aviso(BUSCAR_RANKING, parsed, renamed) }, { status: 400 });
  }
  const r = await rankingConsumos(parsed.data);
  if (!r.ok) return json({ ...base, error: r.msg }, { status: 503 });
  return json({ ...base, searched: BUSCAR_RANKING, ranking: { rows: r.value, datos_al: r.datos_al } });
}

/** The loader's data of /consumos-por-prestador (the route has checked the screen). */
export async function consumosScreen(request: Request, user: SessionUser): Promise<Answer> {
  const params = new URL(request.url).searchParams;
  const values = screenValues(params, todayISO());
  const base: ConsumosScreenData = {
    tab: tabOf(params),
    values,
    snapshot: reportSnapshot(user, request),
    efector: values.codigo_efector ? await efectorByCodigo(values.codigo_efector) : null,
    searched: null,
    aviso: null,
    error: null,
    profesionales: null,
    consumos: null,
    listado: null,
    ranking: null,
    canExport: can(user, OP.EXPORTAR_CONSUMOS_PRESTADORES),
  };
  const buscar = params.get("buscar");
  if (buscar === BUSCAR_PROF) {
    const parsed = parseInput(BuscarProfSchema, values);
    if (!parsed.ok) return json({ ...base, aviso: aviso(BUSCAR_PROF, parsed) }, { status: 400 });
    return json({ ...base, searched: BUSCAR_PROF, profesionales: await searchProfesionales(parsed.data) });
  }
  if (buscar === BUSCAR_CONSUMOS) return buscarConsumos(base, params);
  if (buscar === BUSCAR_RANKING) return buscarRanking(base);
  return json(base);
}
