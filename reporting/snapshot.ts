// A refresh: read the source (replica) into a NEW DuckDB file, derive the report tables, then switch
// `current.json` to it in one rename. The snapshot in service is never touched: a refresh that fails or is
// killed half way leaves it serving, and the next refresh clears the leftovers.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { duckdbOptions, reportingDir } from "./config";
import { acquireLock, RefreshBusyError, type RefreshLock } from "./lock";
import { openSource, type Source } from "./source";
import { closeUnused, currentSnapshot, filesInUse, pointerPath, type SnapshotInfo } from "./store";
import { BASE_TABLES, DERIVED_TABLES } from "./tables";
import type { BaseTable } from "./table-types";
import { writeJsonAtomic, writeRefreshStatus } from "./status";

export type RefreshOptions = {
  dir?: string;
  /** Called as each step starts (tests use it to interrupt a refresh at a known point). */
  onStep?: (step: string) => void | Promise<void>;
};

const KEY = Symbol.for("osep.reporting.refresh");
type G = typeof globalThis & { [KEY]?: Map<string, Promise<SnapshotInfo>> };
function running(): Map<string, Promise<SnapshotInfo>> {
  const g = globalThis as G;
  g[KEY] ??= new Map();
  return g[KEY]!;
}

/**
 * Build a new snapshot and put it in service. Overlapping calls in one process share the running refresh; a
 * refresh running in another process makes this throw RefreshBusyError.
 */
export function refreshSnapshot(opts: RefreshOptions = {}): Promise<SnapshotInfo> {
  const dir = opts.dir ?? reportingDir();
  const inFlight = running().get(dir);
  if (inFlight) return inFlight;
  return launch(dir, opts).done;
}

/**
 * Start a refresh only when none runs: resolves as soon as this process holds the lock, with the refresh's
 * completion (`done`, which the caller must handle); rejects with RefreshBusyError at once when a refresh already
 * runs in this process or another holder has the lock (nothing is started then).
 */
export async function beginRefresh(opts: RefreshOptions = {}): Promise<{ done: Promise<SnapshotInfo> }> {
  const dir = opts.dir ?? reportingDir();
  if (running().has(dir)) throw new RefreshBusyError();
  const { locked, done } = launch(dir, opts);
  try {
    await locked;
  } catch (e) {
    done.catch(() => undefined); // the same failure, already thrown here
    throw e;
  }
  return { done };
}

function launch(dir: string, opts: RefreshOptions): { locked: Promise<unknown>; done: Promise<SnapshotInfo> } {
  const locked = takeLock(dir);
  const done = locked.then((lock) => build(dir, lock, opts)).finally(() => running().delete(dir));
  running().set(dir, done);
  return { locked, done };
}

async function takeLock(dir: string): Promise<RefreshLock> {
  fs.mkdirSync(dir, { recursive: true });
  return acquireLock(dir).catch((e: unknown) => {
    if (!(e instanceof RefreshBusyError)) {
      const why = e instanceof Error ? e.message : String(e);
      console.error(`[reporting] no se pudo tomar el bloqueo de actualización: ${why}`);
    }
    throw e;
  });
}

async function build(dir: string, lock: RefreshLock, opts: RefreshOptions): Promise<SnapshotInfo> {
  const started = Date.now();
  const startedAt = new Date(started).toISOString();
  const step = async (phase: string) => {
    writeRefreshStatus(dir, { state: "running", phase, started_at: startedAt, finished_at: null, pid: process.pid });
    await opts.onStep?.(phase);
  };
  const stamp = startedAt.replace(/[-:]/g, "").replace(".", "-");
  const building = path.join(dir, `.building-${stamp}-${process.pid}.duckdb`);
  let source: Source | null = null;
  try {
    removeLeftovers(dir);
    await step("Conectando con la base de datos de origen");
    source = await openSource();
    const src = { key: source.key, isReplica: source.isReplica };
    const instance = await DuckDBInstance.create(building, duckdbOptions());
    const rowCounts: Record<string, number> = {};
    try {
      const con = await instance.connect();
      try {
        // FSST string compression cost more than a third of the load time (docs/benchmarks.md); dictionary stays.
        await con.run("SET disabled_compression_methods='fsst'");
        for (const table of BASE_TABLES) {
          await step(`Copiando ${table.name}`);
          await loadTable(con, source, table, dir);
          rowCounts[table.name] = await count(con, table.name);
        }
        await source.close();
        source = null;
        for (const table of DERIVED_TABLES) {
          await step(`Preparando ${table.name}`);
          await con.run(table.sql);
          rowCounts[table.name] = await count(con, table.name);
        }
        await step("Guardando");
        await con.run("CHECKPOINT");
      } finally {
        con.closeSync();
      }
    } finally {
      instance.closeSync();
    }
    const info: SnapshotInfo = {
      file: `snapshot-${stamp}.duckdb`,
      built_at: new Date().toISOString(),
      source: src.key,
      source_is_replica: src.isReplica,
      row_counts: rowCounts,
      duration_ms: Date.now() - started,
    };
    publish(dir, building, info);
    return info;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    console.error(`[reporting] la actualización falló; sigue en servicio la instantánea anterior. Motivo: ${why}`);
    writeRefreshStatus(dir, { state: "error", phase: null, finished_at: new Date().toISOString(), last_error: why });
    fs.rmSync(building, { force: true });
    fs.rmSync(`${building}.wal`, { force: true });
    throw e;
  } finally {
    if (source) await source.close().catch(() => undefined);
    await lock.release();
  }
}

/**
 * Publishes a built snapshot: its file into place, then the pointer switched to it (readers open it from then on),
 * every older file but the previous one pruned, and the refresh status 'ok'.
 */
function publish(dir: string, building: string, info: SnapshotInfo): void {
  fs.renameSync(building, path.join(dir, info.file));
  const previous = currentSnapshot(dir);
  writeJsonAtomic(pointerPath(dir), info); // the switch
  prune(
    dir,
    [info.file, previous?.file].filter((f): f is string => Boolean(f)),
  );
  writeRefreshStatus(dir, {
    state: "ok",
    phase: null,
    finished_at: new Date().toISOString(),
    last_error: null,
    last_ok_at: info.built_at,
  });
  console.log(
    `[reporting] instantánea ${info.file} lista en ${info.duration_ms} ms desde ${info.source}` +
      `${info.source_is_replica ? " (réplica)" : ""}: ${Object.entries(info.row_counts)
        .map(([t, n]) => `${t}=${n}`)
        .join(" ")}`,
  );
}

async function count(con: Awaited<ReturnType<DuckDBInstance["connect"]>>, table: string): Promise<number> {
  const r = await con.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${table}`);
  return Number(r.getRowsJS()[0][0]);
}

/**
 * Stream one table: the source writes CSV into a named pipe while DuckDB's own CSV reader consumes it, so the
 * copy and the load overlap and nothing is staged on disk. Without mkfifo, a temporary file is used instead.
 */
async function loadTable(
  con: Awaited<ReturnType<DuckDBInstance["connect"]>>,
  source: Source,
  table: BaseTable,
  dir: string,
): Promise<void> {
  const select = `SELECT ${table.columns.map(([n]) => n).join(", ")} FROM ${table.from}`;
  // named like the building file, so a killed refresh's leftover is cleared by the next one
  const pipe = path.join(dir, `.building-${process.pid}-${table.name}.csv`);
  const fifo = source.streams && makeFifo(pipe);
  const columns = table.columns.map(([n, t]) => `'${n}': '${t}'`).join(", ");
  const load = () =>
    con.run(
      `CREATE TABLE ${table.name} AS SELECT * FROM read_csv('${pipe.replace(/'/g, "''")}', columns = {${columns}}, header = false, ` +
        `allow_quoted_nulls = false, delim = ',', quote = '"', escape = '"', auto_detect = false)`,
    );
  try {
    if (!fifo) {
      await source.copyCsv(select, pipe);
      await load();
      return;
    }
    const loading = load();
    const writing = source.copyCsv(select, pipe);
    let loadSettled = false;
    const [l, w] = await Promise.allSettled([
      loading.then(
        () => void (loadSettled = true),
        (e) => {
          loadSettled = true;
          unblockWriter(pipe);
          throw e;
        },
      ),
      writing.catch(async (e) => {
        await unblockReader(pipe, () => loadSettled);
        throw e;
      }),
    ]);
    if (w.status === "rejected") throw w.reason;
    if (l.status === "rejected") throw l.reason;
  } finally {
    fs.rmSync(pipe, { force: true });
  }
}

function makeFifo(file: string): boolean {
  if (process.platform === "win32" || process.env.REPORTING_NO_FIFO === "1") return false;
  try {
    execFileSync("mkfifo", ["-m", "600", file]);
    return true;
  } catch {
    return false;
  }
}

/** If DuckDB stopped reading, open the pipe's read end once so the writer's open/write fails instead of hanging. */
function unblockWriter(fifo: string): void {
  try {
    const fd = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    fs.closeSync(fd);
  } catch {
    // nothing waiting
  }
}

/** If the source failed before writing, give DuckDB an end of file so its read returns instead of waiting. */
async function unblockReader(fifo: string, done: () => boolean): Promise<void> {
  while (!done()) {
    try {
      const fd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
      fs.closeSync(fd);
    } catch {
      // no reader yet (ENXIO): try again shortly
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Remove what an interrupted refresh left (building files); called while holding the lock. */
function removeLeftovers(dir: string): void {
  for (const f of fs.readdirSync(dir)) {
    if (f.startsWith(".building-")) fs.rmSync(path.join(dir, f), { force: true });
  }
}

/** Keep the current and the previous snapshot (readers may still use it); delete older ones no reader here holds. */
function prune(dir: string, keep: string[]): void {
  closeUnused(dir);
  const inUse = new Set([...filesInUse()].map((f) => path.basename(f)));
  for (const f of fs.readdirSync(dir)) {
    if (!/^snapshot-.*\.duckdb(\.wal)?$/.test(f)) continue;
    const base = f.replace(/\.wal$/, "");
    if (keep.includes(base) || inUse.has(base)) continue;
    fs.rmSync(path.join(dir, f), { force: true });
  }
}
