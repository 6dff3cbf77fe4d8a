// The reporting period every heavy report takes (Fecha Desde / Fecha Hasta), shared by screens and API.
import { differenceInCalendarDays, parseISO } from "date-fns";
import { z } from "zod";
import { isoDate as isoDateOf, MSG_FECHA_INVALIDA } from "./input";

export const MAX_PERIOD_DAYS = 366;
export { MSG_FECHA_INVALIDA };
export const MSG_PERIODO_INVERTIDO = "La fecha desde no puede ser posterior a la fecha hasta";
export const MSG_PERIODO_LARGO = `El período no puede superar ${MAX_PERIOD_DAYS} días`;

const isoDate = isoDateOf(MSG_FECHA_INVALIDA);

/** Rules on an already-present desde/hasta pair: order and length. Returns the Spanish message or null. */
export function periodProblem(desde: string, hasta: string): string | null {
  const days = differenceInCalendarDays(parseISO(hasta), parseISO(desde));
  if (days < 0) return MSG_PERIODO_INVERTIDO;
  if (days + 1 > MAX_PERIOD_DAYS) return MSG_PERIODO_LARGO;
  return null;
}

/**
 * A zod object for { [from]: date, [to]: date } with the order/length rules, reporting the problem on `to`.
 * `required` is the message when either date is missing (each screen has its own text in the spec).
 */
export function periodSchema<F extends string, T extends string>(from: F, to: T, required: string) {
  const field = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), isoDate.optional());
  return z.object({ [from]: field, [to]: field } as Record<F | T, typeof field>).superRefine((v, ctx) => {
    const a = (v as Record<string, string | undefined>)[from];
    const b = (v as Record<string, string | undefined>)[to];
    if (!a) ctx.addIssue({ code: "custom", path: [from], message: required });
    if (!b) ctx.addIssue({ code: "custom", path: [to], message: required });
    if (a && b) {
      const problem = periodProblem(a, b);
      if (problem) ctx.addIssue({ code: "custom", path: [to], message: problem });
    }
  }) as unknown as z.ZodType<Record<F | T, string>>;
}
