// A schedule's cron expression as node-cron reads it (docs/decisions/058): its own validation, the once-an-hour rule
// (issue 35) and the next run. The checks use node-cron's own parse, so what is checked is what the task would run.
import cron from "node-cron";
import { TZ } from "~/lib/dates";
import { MSG } from "./rules";

/**
 * What is wrong with a five-field expression (null: nothing): node-cron's own validation, then the once-an-hour
 * rule. A five-field expression fires at second 0 of each minute its minute field names, in every hour its other
 * fields allow: with one minute, two firings are at least an hour apart; with two or more, any hour it fires in, it
 * fires twice. So "at most once within any hour" is exactly "the minute field names one minute" ('5', '5-5', '0-59/60'
 * alike), whatever the hours, days, months and weekdays.
 */
export function cronProblem(expr: string): string | null {
  if (!cron.validate(expr)) return MSG.CRON_INVALIDO;
  let fields: { second: number[]; minute: number[] };
  try {
    fields = cron.parse(expr); // a six-field one (seconds) never comes from the schema, but is judged alike
  } catch {
    return MSG.CRON_INVALIDO;
  }
  return fields.minute.length === 1 && fields.second.length === 1 ? null : MSG.CRON_HORARIA;
}

/** The next run of a five-field cron expression in the insurer's time zone (null when it has none). */
export function proximaEjecucion(expr: string): Date | null {
  const task = cron.createTask(expr, () => undefined, { timezone: TZ });
  try {
    return task.getNextRuns(1)[0] ?? null;
  } catch {
    return null;
  } finally {
    void task.destroy();
  }
}
