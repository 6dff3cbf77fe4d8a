// The one list of the background work (docs/decisions/083-background-work.md): every job and listener the areas
// export, composed here, so the process around the Remix build (server/background.ts) runs them without knowing a
// business area. Which process runs what:
// - every web process: the listeners (the live grid's LISTEN, opened by its first event stream), closed at shutdown
//   before the database;
// - the one process that owns the schedule (the app on one process, the cluster's primary, or `npm run worker` when
//   REPORTING_SCHEDULER=worker): the jobs below, on node-cron in the insurer's time zone (reporting/jobs.ts).
import { housekeepingJob } from "~/auth/housekeeping.server";
import { nightlyImportJob } from "~/modules/feed/nightly.server";
import { programacionesConError } from "~/modules/reportes-programados/programaciones.server";
import { scheduledReportsJob } from "~/modules/reportes-programados/scheduler.server";
import { turnosLiveListener } from "~/modules/turnos/live/listener.server";
import { reportingJobs, type BackgroundJob, type BackgroundListener } from "~reporting/index";

/**
 * The jobs of the process that owns the schedule: the reporting store's (snapshot refresh, pharmacy rosters), and,
 * where the database is writable from here (DATABASE_URL, or the app's own embedded database), the sign-in
 * housekeeping, the scheduled reports and the registry feed's nightly import (when FEED_CRON is set). `worker`: the
 * app's instances only leave refresh requests. A bad expression (or FEED_CRON without FEED_DIR) throws: the start
 * stops with its Spanish message.
 */
export function scheduledJobs(opts: { worker?: boolean; embedded?: boolean } = {}): BackgroundJob[] {
  const jobs = reportingJobs({ worker: opts.worker });
  if (!process.env.DATABASE_URL && !opts.embedded) return jobs; // a worker that only reads the replica
  const feed = nightlyImportJob();
  return [...jobs, housekeepingJob(), scheduledReportsJob(), ...(feed ? [feed] : [])];
}

/** What every web process listens to. */
export const webListeners: BackgroundListener[] = [turnosLiveListener];

/** The background work's failures /metrics counts: the active scheduled reports whose last run failed. */
export async function failingScheduledReports(): Promise<number> {
  return (await programacionesConError()).length;
}
