// The sign-in tables' housekeeping, a background job of the one process that owns the schedule
// (app/background.server.ts; docs/decisions/083-background-work.md): sessions that ended more than a day ago and
// failed password guesses older than the day the throttle remembers are deleted every hour (HOUSEKEEPING_CRON;
// docs/decisions/045-database-outage-answer.md).
import { errorSummary } from "~/lib/log-safe.server";
import { checkSchedule, type BackgroundJob } from "~reporting/index";
import { purgeOldFailedGuesses } from "./login.server";
import { purgeEndedSessions } from "./sessions.server";

export type AuthPurge = { sesiones: number; intentos: number };

export async function purgeAuthRows(now = new Date()): Promise<AuthPurge> {
  return { sesiones: await purgeEndedSessions(now), intentos: await purgeOldFailedGuesses(now) };
}

export async function runHousekeeping(now = new Date()): Promise<void> {
  try {
    const r = await purgeAuthRows(now);
    if (r.sesiones || r.intentos)
      console.log(
        `[mantenimiento] borradas ${r.sesiones} sesiones terminadas y ${r.intentos} intentos fallidos viejos`,
      );
  } catch (e) {
    console.error(`[mantenimiento] no se pudo purgar sesiones e intentos: ${errorSummary(e)}`);
  }
}

/** The job (default: every hour at minute 25); a bad HOUSEKEEPING_CRON stops the start. */
export function housekeepingJob(): BackgroundJob {
  const schedule = process.env.HOUSEKEEPING_CRON || "25 * * * *";
  checkSchedule(schedule, "HOUSEKEEPING_CRON", "25 * * * *");
  return { name: "mantenimiento-sesiones", schedule, run: () => runHousekeeping() };
}
