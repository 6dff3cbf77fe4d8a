// Which process runs the background work (docs/decisions/083-background-work.md): the jobs of the one list
// (app/background.server.ts) in the process that owns the schedule — the app on one process (server/start.ts), the
// cluster's primary (server/cluster.ts) or `npm run worker` (server/worker.ts) — and, in every web process, the
// listeners' shutdown before the database closes (server/server.ts). server/ reaches no business area but through
// that list.
import { scheduledJobs, webListeners } from "~/background.server";
import { startJobs, stopJobs } from "~reporting/index";

/** Starts the schedule's jobs here. `embedded`: this process owns the embedded database (it may write to it). */
export function startBackgroundJobs(opts: { worker?: boolean; embedded?: boolean }): void {
  startJobs(scheduledJobs(opts));
}

export const stopBackgroundJobs = stopJobs;

/** Closes this web process's listeners (their failures ignored: the process is ending). */
export async function stopListeners(): Promise<void> {
  await Promise.allSettled(webListeners.map((l) => l.shutdown()));
}
