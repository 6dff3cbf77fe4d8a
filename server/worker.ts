// npm run worker — the background jobs on their own (server/background.ts), for deployments with several app
// instances: the worker is the only process that writes snapshots (schedule REPORTING_REFRESH_CRON, plus refreshes
// administrators ask for) and, with DATABASE_URL, runs the other jobs; app instances run with
// REPORTING_SCHEDULER=worker and only read. Needs a PostgreSQL (DATABASE_URL or READ_REPLICA_URL): the embedded
// database belongs to the app process.
import { closeDb } from "~db/client.server";
import { refreshCron, reportingDir, sourceUrl } from "~reporting/config";
import { startBackgroundJobs, stopBackgroundJobs } from "./background";
import { routeOutput } from "./log/console";

routeOutput(); // first: with LOG_FORMAT=json every line this process prints is JSON (ADR 065)

if (!sourceUrl()) {
  console.error(
    "npm run worker necesita una base PostgreSQL (DATABASE_URL o READ_REPLICA_URL); con la base embebida la aplicación actualiza sola.",
  );
  process.exit(1);
}
console.log(`Trabajador de informes: programa '${refreshCron()}', instantáneas en ${reportingDir()}`);
startBackgroundJobs({ worker: true });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`${signal}: cerrando…`);
    stopBackgroundJobs()
      .then(() => closeDb())
      .then(
        () => process.exit(0),
        (e: unknown) => {
          console.error(`${signal}: no se pudo cerrar`, e);
          process.exit(1); // as the unhandled rejection did
        },
      );
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
// keep the process alive (the cron task and the request poll are unref'd where possible)
setInterval(() => undefined, 1 << 30);
