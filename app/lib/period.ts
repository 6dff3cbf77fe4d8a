// The reporting period every report takes (Fecha Desde / Fecha Hasta), shared by screens and API. Two limits
// (docs/decisions/028-report-periods-refresh-pdf-health.md): an aggregation (counts and times per auditor, practice
// or provider, answered by the DuckDB snapshot in milliseconds) takes any period up to 10 years, so managers can
// compare years; a listing of rows (the pre-settlement, the authorisations behind a number) keeps 366 days.
import { addYears, differenceInCalendarDays, parseISO } from "date-fns";
import { z } from "~/lib/zod";
import { isoDate as isoDateOf, MSG_FECHA_INVALIDA } from "./input";

export { MSG_FECHA_INVALIDA };
export const MSG_PERIODO_INVERTIDO = "La fecha desde no puede ser posterior a la fecha hasta";

/** The longest period of a listing of rows, in days (a whole year, leap years included). */
export const MAX_LISTADO_DAYS = 366;
/** The longest period of an aggregation, in years (hasta is before the same day `MAX_AGREGADO_YEARS` later). */
export const MAX_AGREGADO_YEARS = 10;
export const MSG_PERIODO_LARGO = `El período no puede superar ${MAX_LISTADO_DAYS} días`;
export const MSG_PERIODO_AGREGADO_LARGO = `El período no puede superar los ${MAX_AGREGADO_YEARS} años`;

/** How long a period may be, and the message that says so. */
export type PeriodLimit = { tooLong: (desde: Date, hasta: Date) => boolean; msg: string };

/** Listings of rows (screens' tables, CSV, listado endpoints): at most 366 days. */
export const PERIODO_LISTADO: PeriodLimit = {
  tooLong: (desde, hasta) => differenceInCalendarDays(hasta, desde) + 1 > MAX_LISTADO_DAYS,
  msg: MSG_PERIODO_LARGO,
};

/** Aggregations on the reporting snapshot (statistics, consumption, ranking): at most 10 years. */
export const PERIODO_AGREGADO: PeriodLimit = {
  tooLong: (desde, hasta) => differenceInCalendarDays(hasta, addYears(desde, MAX_AGREGADO_YEARS)) >= 0,
  msg: MSG_PERIODO_AGREGADO_LARGO,
};

const isoDate = isoDateOf(MSG_FECHA_INVALIDA);

/** Rules on an already-present desde/hasta pair: order, then `limit`. Returns the Spanish message or null. */
export function periodProblem(desde: string, hasta: string, limit: PeriodLimit): string | null {
  const a = parseISO(desde);
  const b = parseISO(hasta);
  if (differenceInCalendarDays(b, a) < 0) return MSG_PERIODO_INVERTIDO;
  return limit.tooLong(a, b) ? limit.msg : null;
}

/**
 * A zod object for { [from]: date, [to]: date } with the order rule and `limit`, reporting the problem on `to`.
 * `required` is the message when either date is missing (each screen has its own text in the spec).
 */
function periodSchema<F extends string, T extends string>(limit: PeriodLimit, from: F, to: T, required: string) {
  const field = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), isoDate.optional());
  return z.object({ [from]: field, [to]: field } as Record<F | T, typeof field>).superRefine((v, ctx) => {
    const a = (v as Record<string, string | undefined>)[from];
    const b = (v as Record<string, string | undefined>)[to];
    if (!a) ctx.addIssue({ code: "custom", path: [from], message: required });
    if (!b) ctx.addIssue({ code: "custom", path: [to], message: required });
    if (a && b) {
      const problem = periodProblem(a, b, limit);
      if (problem) ctx.addIssue({ code: "custom", path: [to], message: problem });
    }
  }) as unknown as z.ZodType<Record<F | T, string>>;
}

/** The period of a listing of rows: both dates required, from ≤ to, at most 366 days. */
export function listadoPeriodSchema<F extends string, T extends string>(from: F, to: T, required: string) {
  return periodSchema(PERIODO_LISTADO, from, to, required);
}

/** The period of an aggregation on the snapshot: both dates required, from ≤ to, at most 10 years. */
export function agregadoPeriodSchema<F extends string, T extends string>(from: F, to: T, required: string) {
  return periodSchema(PERIODO_AGREGADO, from, to, required);
}
