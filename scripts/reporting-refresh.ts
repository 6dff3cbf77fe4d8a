// npm run reporting:refresh — build a new reporting snapshot now and put it in service.
// Reads READ_REPLICA_URL, else DATABASE_URL, else the embedded database under DATA_DIR. The embedded database
// cannot be opened by two processes: while the app runs on it, the refresh is asked of the app instead.
import { closeDb } from "~db/client.server";
import { reportingDir, sourceUrl } from "~reporting/config";
import { readRefreshStatus, refreshSnapshot } from "~reporting/index";
import { queueRefreshRequest } from "~reporting/schedule";
import { embeddedAppRunning } from "~server/app-pid";

async function viaRunningApp(): Promise<number> {
  const asked = new Date().toISOString();
  queueRefreshRequest();
  console.log("La aplicación está en marcha con la base embebida: se le pidió la actualización. Esperando…");
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const s = readRefreshStatus();
    if (s.state === "running") console.log(`  ${s.phase ?? ""}`);
    if (s.finished_at && s.finished_at > asked && s.state !== "running") {
      if (s.state === "ok") {
        console.log(`Instantánea lista (${s.last_ok_at}).`);
        return 0;
      }
      console.error(`La actualización falló: ${s.last_error}`);
      return 1;
    }
  }
}

async function main(): Promise<number> {
  if (!sourceUrl() && embeddedAppRunning()) return viaRunningApp();
  try {
    const info = await refreshSnapshot({ onStep: (s) => console.log(`  ${s}`) });
    console.log(`Instantánea ${info.file} en ${reportingDir()} (${info.duration_ms} ms).`);
    return 0;
  } catch (e) {
    console.error(`La actualización falló: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exit(await main());
