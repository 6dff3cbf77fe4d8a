// The embedded database (PGlite) belongs to one process. The app records its pid next to the data while it runs
// on it, so command-line tools can tell and ask the app instead of opening the database a second time.
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "~db/client.server";
import { pidAlive } from "~reporting/status";

function pidFile(): string {
  return path.join(dataDir(), "app.pid");
}

export function writeAppPid(): () => void {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(pidFile(), String(process.pid));
  return () => fs.rmSync(pidFile(), { force: true });
}

export function embeddedAppRunning(): boolean {
  try {
    return pidAlive(Number(fs.readFileSync(pidFile(), "utf8")));
  } catch {
    return false;
  }
}
