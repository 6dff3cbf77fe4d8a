// The web server, built into build/server/start.js (scripts/build-server.mjs; `npm start` builds first when nothing
// is built, scripts/start.mjs): make sure Chromium is there for the PDFs (server/chromium.ts), migrate and seed,
// then serve on HOST:PORT (default 127.0.0.1:3000). With DATABASE_URL, WEB_CONCURRENCY=N (N ≥ 2) serves with N
// processes (node:cluster, server/cluster.ts): this one-time work runs once, in the primary, before the fork.
import cluster from "node:cluster";
import { schedulerMode } from "~reporting/config";
import { writeAppPid } from "./app-pid";
import { startBackupRequests } from "./backup/requests";
import { startBackgroundJobs, stopBackgroundJobs } from "./background";
import { bootstrap } from "./bootstrap";
import { ensureChromium, thisHost } from "./chromium";
import { planOrExit, runPrimary, runWorker } from "./cluster";
import { startServer } from "./server";
import { routeOutput } from "./log/console";

routeOutput(); // first: with LOG_FORMAT=json every line this process prints is JSON (ADR 065)

process.env.NODE_ENV ??= "production";

if (cluster.isWorker) {
  await runWorker();
} else {
  const plan = planOrExit(); // a bad setting (WEB_CONCURRENCY=abc…) stops here, before any work

  // Chromium for the PDFs: installed here (root + apt-get, a one-time cost before listening) or the command printed.
  ensureChromium(thisHost());

  // the embedded database's holder is known before the start-up work opens it, so `npm run backup` and
  // `npm run restore` run during the start ask this process or refuse, never open DATA_DIR a second time (ADR 067)
  const removePid = process.env.DATABASE_URL ? () => undefined : writeAppPid();
  process.once("exit", removePid);
  await bootstrap();
  if (plan.note) console.log(plan.note);
  if (plan.workers > 1) {
    await runPrimary(plan.workers);
  } else {
    // `npm run backup` asks this process for the embedded database's dump (docs/decisions/067)
    if (!process.env.DATABASE_URL) startBackupRequests();
    const server = await startServer();
    // The background jobs: in this process unless a separate worker owns them (REPORTING_SCHEDULER=worker).
    if (schedulerMode() === "app") startBackgroundJobs({ embedded: true });

    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        console.log(`${signal}: cerrando…`);
        stopBackgroundJobs()
          .then(() => server.close())
          .then(
            () => process.exit(0),
            (e: unknown) => {
              console.error(`${signal}: no se pudo cerrar`, e);
              process.exit(1); // as the unhandled rejection did
            },
          );
        setTimeout(() => process.exit(0), 5000).unref();
      });
    }
  }
}
