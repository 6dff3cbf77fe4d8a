// The housekeeping jobs the scheduler runs beside the reporting refresh, in the one process that owns the schedule
// (the app, the cluster's primary or `npm run worker`): ended sessions and old failed sign-in guesses are deleted
// every hour (HOUSEKEEPING_CRON; docs/decisions/045-database-outage-answer.md), and the scheduled reports keep their
// tasks (docs/decisions/058-scheduled-reports.md), and the nightly import of the registry feed runs when FEED_CRON is
// set (docs/decisions/068-registry-feed.md). Only where the database is writable from here: DATABASE_URL, or the
// app's own embedded database.
import { purgeAuthRows } from "~/auth/housekeeping.server";
import { errorSummary } from "~/lib/log-safe.server";
import { nightlyImportJob } from "~/modules/feed/nightly.server";
import { scheduledReportsJob } from "~/modules/reportes-programados/scheduler.server";
import type { ScheduledJob } from "~reporting/index";

/** node-cron expression of the housekeeping (default: every hour at minute 25). */
function housekeepingCron(): string {
  return process.env.HOUSEKEEPING_CRON || "25 * * * *";
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

/** The jobs for startScheduler; none in a worker without DATABASE_URL (it only reads the replica). */
export function housekeepingJobs(opts: { embedded?: boolean } = {}): ScheduledJob[] {
  if (!process.env.DATABASE_URL && !opts.embedded) return [];
  // FEED_CRON unset: no nightly import; a bad FEED_CRON (or one without FEED_DIR) stops the start here
  const feed = nightlyImportJob();
  return [
    { name: "mantenimiento-sesiones", cron: housekeepingCron(), run: () => runHousekeeping() },
    // the scheduled reports (docs/decisions/058) write their rows in the same database
    scheduledReportsJob(),
    ...(feed ? [feed] : []),
  ];
}
