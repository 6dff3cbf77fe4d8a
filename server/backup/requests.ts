// How `npm run backup` asks the running app for the dump (docs/decisions/067-embedded-backups.md). The embedded
// database belongs to one process, so while the app runs on DATA_DIR only the app may dump it. The command leaves
// a request file in DATA_DIR/backup-requests; the app looks every second, dumps (PGlite's dumpDataDir, between two
// queries) and leaves the dump beside it under the request's id, or the reason it could not. Like the reporting
// refresh's request file: nothing listens on the network, and who may ask is who may write DATA_DIR — who could
// read the database's files anyway.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { dataDir, getDriver } from "~db/client.server";
import { errorSummary } from "~/lib/log-safe.server";
import { embeddedAppRunning } from "~server/app-pid";
import { BackupError } from "./errors";

const POLL_MS = 1000;
/** Results nobody came for (the command was stopped) are deleted after an hour. */
const LEFTOVER_MS = 60 * 60_000;

export function requestsDir(): string {
  return path.join(dataDir(), "backup-requests");
}

/**
 * PGlite's dump of the open embedded database (a tar of its data directory, uncompressed) written to `file`. Streamed
 * from the Blob: PGlite already holds the whole tar in memory, a third copy is not made to write it.
 */
export async function dumpOpenDatabase(file: string): Promise<{ bytes: number; heldMs: number }> {
  const driver = await getDriver();
  if (driver.kind !== "pglite") throw new BackupError("la base no es la embebida (DATABASE_URL está definida).");
  const started = Date.now();
  // a checkpoint first: the restored database then replays little WAL when it starts (a shorter RTO), and WAL
  // segments past max_wal_size are gone from the dump
  await driver.pglite.exec("CHECKPOINT");
  const dump = await driver.pglite.dumpDataDir("none"); // no query runs meanwhile
  const heldMs = Date.now() - started;
  await pipeline(Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(file));
  return { bytes: dump.size, heldMs };
}

async function answer(dir: string, id: string): Promise<void> {
  const started = Date.now();
  try {
    const tmp = path.join(dir, `${id}.tar.tmp`);
    const { bytes, heldMs } = await dumpOpenDatabase(tmp);
    await fsp.rename(tmp, path.join(dir, `${id}.tar`));
    console.log(
      `[respaldo] volcado de la base embebida hecho en ${Date.now() - started} ms (${bytes} bytes; ` +
        `la base no atendió consultas durante ${heldMs} ms)`,
    );
  } catch (e) {
    console.error(`[respaldo] no se pudo volcar la base embebida: ${errorSummary(e)}`);
    await fsp.writeFile(path.join(dir, `${id}.error`), errorSummary(e)).catch(() => undefined);
  }
}

async function poll(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fsp.readdir(dir);
  } catch {
    return; // no request was ever made
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith(".request")) {
      await fsp.rm(file, { force: true });
      await answer(dir, name.slice(0, -".request".length));
    } else {
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > LEFTOVER_MS) await fsp.rm(file, { force: true });
    }
  }
}

/** In the app on the embedded database: answer backup requests while the process lives. */
export function startBackupRequests(): void {
  const dir = requestsDir();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void poll(dir).finally(() => (busy = false));
  }, POLL_MS);
  timer.unref();
}

/** In the command: ask the running app for a dump and wait for it; returns the dump file (the caller moves it). */
export async function dumpViaRunningApp(timeoutMs = 10 * 60_000): Promise<string> {
  const dir = requestsDir();
  const id = randomUUID();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${id}.request`), new Date().toISOString());
  const done = path.join(dir, `${id}.tar`);
  const failed = path.join(dir, `${id}.error`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(done)) return done;
    if (fs.existsSync(failed)) {
      const why = fs.readFileSync(failed, "utf8");
      fs.rmSync(failed, { force: true });
      throw new BackupError(`la aplicación no pudo volcar la base: ${why}`);
    }
    if (!embeddedAppRunning() || Date.now() > deadline) {
      fs.rmSync(path.join(dir, `${id}.request`), { force: true });
      throw new BackupError(
        embeddedAppRunning()
          ? `la aplicación no respondió al pedido de respaldo en ${Math.round(timeoutMs / 1000)} s.`
          : "la aplicación terminó antes de volcar la base; vuelva a ejecutar el respaldo.",
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
