// A refresh: read the source (replica) into a NEW DuckDB file, derive the report tables, then switch
// `current.json` to it in one rename. The snapshot in service is never touched: a refresh that fails or is
// killed half way leaves it serving, and the next refresh clears the leftovers.
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { duckdbOptions, reportingDir } from "./config";
import { copyTables, count } from "./copy";
import { acquireLock, RefreshBusyError, type RefreshLock } from "./lock";
import { openSource, type Source } from "./source";
import { closeUnused, currentSnapshot, filesInUse, pointerPath, type SnapshotInfo } from "./store";
import { BASE_TABLES, DERIVED_TABLES } from "./tables";
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
    const options = duckdbOptions();
    const instance = await DuckDBInstance.create(building, options);
    let rowCounts: Record<string, number> = {};
    try {
      const con = await instance.connect();
      try {
        // FSST string compression cost more than a third of the load time (docs/benchmarks.md); dictionary stays.
        await con.run("SET disabled_compression_methods='fsst'");
        // Each CSV load runs on one thread (a pipe is read serially): a second DuckDB thread only added CPU that the
        // Postgres backend and the other stream need (docs/benchmarks.md, issue 29). The derived tables get them all.
        await con.run("SET threads = 1");
        rowCounts = await copyTables(instance, source, BASE_TABLES, dir, step);
        await source.close();
        source = null;
        await con.run(`SET threads = ${Number(options.threads)}`);
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
