// Filters of 'Consulta de Consumos de Prestadores' (spec part 2 §5, §7), shared by the screen's loader, the
// browser's checks and the JSON API (docs/decisions/014-provider-consumption.md).
import { z } from "~/lib/zod";
import { blankToUndefined } from "~/lib/input";
import { agregadoPeriodSchema, listadoPeriodSchema } from "~/lib/period";

export const MSG_CAMPOS_OBLIGATORIOS = "Todos los campos son obligatorios";
export const MSG_CODIGO_INVALIDO = "Código de efector inválido";
export const MSG_PRACTICA_INVALIDA = "Práctica inválida";

export const MAX_CODIGO = 30;

const codigoEfector = z.preprocess(
  blankToUndefined,
  z.string({ error: MSG_CAMPOS_OBLIGATORIOS }).trim().max(MAX_CODIGO, MSG_CODIGO_INVALIDO),
);

/** The period of the aggregations (practices of an efector, the ranking): up to 10 years. */
const periodo = agregadoPeriodSchema("fecha_desde", "fecha_hasta", MSG_CAMPOS_OBLIGATORIOS);
/** The period of the drill-down (the authorisations behind a practice, a listing of rows): up to 366 days. */
const periodoListado = listadoPeriodSchema("fecha_desde", "fecha_hasta", MSG_CAMPOS_OBLIGATORIOS);

/** consumos-por-efector: provider code, from and to, all required. */
export const ConsumosEfectorSchema = z.intersection(z.object({ codigo_efector: codigoEfector }), periodo);
export type ConsumosEfectorInput = z.infer<typeof ConsumosEfectorSchema>;

/** consumos-por-efector/listado: the same plus practica (and optionally its subitem; '' = none). */
export const ListadoConsumosSchema = z.intersection(
  z.object({
    codigo_efector: codigoEfector,
    practica: z.preprocess(
      blankToUndefined,
      z.string({ error: MSG_CAMPOS_OBLIGATORIOS }).trim().max(20, MSG_PRACTICA_INVALIDA),
    ),
    subitem: z.string().trim().max(10, MSG_PRACTICA_INVALIDA).optional(),
  }),
  periodoListado,
);
export type ListadoConsumosInput = z.infer<typeof ListadoConsumosSchema>;

/** ranking-consumos-por-efector: from and to, required. */
export const RankingConsumosSchema = periodo;
export type RankingConsumosInput = z.infer<typeof RankingConsumosSchema>;

// ---- the screen's URL and its two localStorage keys ----

export const SCREEN_PATH = "/consumos-por-prestador";
export const TAB_EFECTOR = "efector";
export const TAB_RANKING = "ranking";
export type ConsumosTab = typeof TAB_EFECTOR | typeof TAB_RANKING;

/** Which search a request runs (the submit button's value). */
export const BUSCAR_PROF = "prof";
export const BUSCAR_CONSUMOS = "consumos";
export const BUSCAR_RANKING = "ranking";

/** Why a search was refused, shown under the form that ran it: the first message and each field's. */
export type Aviso = {
  form: typeof BUSCAR_PROF | typeof BUSCAR_CONSUMOS | typeof BUSCAR_RANKING;
  msg: string;
  errors: Record<string, string>;
};

/** Filters of the 'Consumos por Efector' tab (professional search included) and of the ranking tab. */
export const EFECTOR_KEYS = ["apellido", "nombre", "codigo_efector", "fecha_desde", "fecha_hasta"] as const;
export const RANKING_KEYS = ["ranking_desde", "ranking_hasta"] as const;
export const STORAGE_KEY_EFECTOR = "osep.consumos-por-prestador.efector";
export const STORAGE_KEY_RANKING = "osep.consumos-por-prestador.ranking";

export type ScreenValues = Record<(typeof EFECTOR_KEYS)[number] | (typeof RANKING_KEYS)[number], string>;

export function tabOf(params: URLSearchParams): ConsumosTab {
  return params.get("tab") === TAB_RANKING ? TAB_RANKING : TAB_EFECTOR;
}

/** The efector's period fields: a date the query does not name starts as `today`, as in the other reports. */
const EFECTOR_PERIOD_KEYS: readonly string[] = ["fecha_desde", "fecha_hasta"];

/**
 * The filter values of a query (trimmed, at most 100 characters each). Fecha Desde / Fecha Hasta of 'Consumos por
 * Efector' absent from the query start as `today` (todayISO(), the default of the other reports: ADR 073); a date
 * sent blank stays blank, so the search still says what is missing. The default runs no search by itself.
 */
export function screenValues(params: URLSearchParams, today: string): ScreenValues {
  const out = {} as ScreenValues;
  for (const k of [...EFECTOR_KEYS, ...RANKING_KEYS]) {
    const sent = params.get(k) ?? (EFECTOR_PERIOD_KEYS.includes(k) ? today : "");
    out[k] = sent.trim().slice(0, 100);
  }
  return out;
}

/** True when the query carries any filter of either tab (then nothing is restored from localStorage). */
export function hasFilterParams(params: URLSearchParams): boolean {
  return [...EFECTOR_KEYS, ...RANKING_KEYS].some((k) => params.has(k));
}

/** Screen URL: the tab, the non-blank values, then extra parameters (buscar, practica, ...). */
export function screenHref(
  tab: ConsumosTab,
  values: Partial<ScreenValues>,
  extra: Record<string, string | null | undefined> = {},
): string {
  const p = new URLSearchParams({ tab });
  for (const [k, v] of Object.entries(values)) if (v) p.set(k, v);
  for (const [k, v] of Object.entries(extra)) if (v != null) p.set(k, v);
  return `${SCREEN_PATH}?${p.toString()}`;
}

/** The query kept in localStorage for one tab: its keys only (plus buscar when it was a search). */
export function storedQuery(keys: readonly string[], params: URLSearchParams): string {
  const p = new URLSearchParams();
  for (const k of keys) {
    const v = params.get(k);
    if (v) p.set(k, v);
  }
  return p.toString();
}

/** The browser's check before a search of either tab: every one of `keys` filled in (the server says the same). */
export function camposProblem(form: FormData, keys: readonly string[]): string | null {
  return keys.every((k) => String(form.get(k) ?? "").trim()) ? null : MSG_CAMPOS_OBLIGATORIOS;
}

// ---- 'Exportar a PDF' (docs/decisions/057-statistics-pdfs.md) ----

export const PDF_PATH = "/consumos-por-prestador/report.pdf";
const MSG_TAB_INVALIDA = "La pestaña debe ser efector o ranking";

/** Which tab the PDF prints: efector (default) or ranking. */
export const ConsumosPdfTabSchema = z.object({
  tab: z.preprocess(
    blankToUndefined,
    z.enum([TAB_EFECTOR, TAB_RANKING], { error: MSG_TAB_INVALIDA }).default(TAB_EFECTOR),
  ),
});

/** The PDF's URL of a tab with the screen's filters (the ranking's period travels as fecha_desde / fecha_hasta). */
export function consumosPdfHref(
  tab: ConsumosTab,
  f: {
    fecha_desde: string;
    fecha_hasta: string;
    codigo_efector?: string;
    practica?: string | null;
    subitem?: string | null;
  },
): string {
  const p = new URLSearchParams({ tab });
  for (const [k, v] of Object.entries(f)) if (v) p.set(k, v);
  return `${PDF_PATH}?${p.toString()}`;
}
