// Reading snapshots. `current.json` names the snapshot in service; readers open it READ_ONLY (DuckDB allows one
// writer or many readers per file, and the refresh only ever writes a new file). An instance stays open while
// any reader of this process uses it; once a newer snapshot is current and the last reader is done, it closes.
// Other processes keep an unlinked file readable until they close it (POSIX), so pruning never breaks them.
import fs from "node:fs";
import path from "node:path";
import { DuckDBInstance, DuckDBTypeId, type DuckDBValue } from "@duckdb/node-api";
import { batchDuckdbOptions, duckdbOptions, expectedSourceKey, reportingDir } from "./config";

export type SnapshotInfo = {
  /** File name inside the reporting dir. */
  file: string;
  /** ISO instant the refresh finished building it. */
  built_at: string;
  /** Where it was read from (sourceKey) and whether that server was a standby. */
  source: string;
  source_is_replica: boolean;
  /** Rows per table. */
  row_counts: Record<string, number>;
  duration_ms: number;
};

export class SnapshotUnavailableError extends Error {
  constructor() {
    super(
      "Los datos para informes todavía no están disponibles: se están preparando. Intente nuevamente en unos minutos.",
    );
    this.name = "SnapshotUnavailableError";
  }
}

export type QueryParams = DuckDBValue[] | Record<string, DuckDBValue>;

export interface SnapshotReader {
  info: SnapshotInfo;
  /**
   * Rows as plain JSON values: DATE 'YYYY-MM-DD', TIMESTAMP 'YYYY-MM-DD HH:MM:SS', TIME 'HH:MM:SS', DECIMAL as a
   * string (exact money), BIGINT/INTEGER/DOUBLE as numbers, BOOLEAN, NULL. Params bind as $1.. or $name.
   */
  all<T = Record<string, unknown>>(sql: string, params?: QueryParams): Promise<T[]>;
  /** The same rows in batches of about `batchRows` (for exports), without holding the whole result. */
  batches<T = Record<string, unknown>>(sql: string, params?: QueryParams, batchRows?: number): AsyncGenerator<T[]>;
}

/**
 * What a reader is for: "query" (screens, APIs, exports: the instance of duckdbOptions) or "batch" (big files written
 * by DuckDB itself: a second read-only instance of the same file with batchDuckdbOptions, so that a generation's
 * sort neither grows nor slows the instance the screens share).
 */
export type ReaderUse = "query" | "batch";

type Open = { file: string; instance: DuckDBInstance; readers: number };
type State = { pointerMtime: number; pointerPath: string; info: SnapshotInfo | null; open: Map<string, Open> };

const KEY = Symbol.for("osep.reporting.store");
function state(): State {
  const g = globalThis as typeof globalThis & { [KEY]?: State };
  g[KEY] ??= { pointerMtime: -1, pointerPath: "", info: null, open: new Map() };
  return g[KEY]!;
}

export function pointerPath(dir = reportingDir()): string {
  return path.join(dir, "current.json");
}

/** The snapshot in service, or null when none has been built yet. Cheap: re-reads the pointer only when it changed. */
export function currentSnapshot(dir = reportingDir()): SnapshotInfo | null {
  const s = state();
  const p = pointerPath(dir);
  let mtime: number;
  try {
    mtime = fs.statSync(p).mtimeMs;
  } catch {
    return null;
  }
  if (p !== s.pointerPath || mtime !== s.pointerMtime) {
    try {
      s.info = JSON.parse(fs.readFileSync(p, "utf8")) as SnapshotInfo;
      s.pointerPath = p;
      s.pointerMtime = mtime;
    } catch {
      return s.pointerPath === p ? s.info : null; // a half-read pointer: keep the last good one
    }
  }
  return s.info;
}

/** The current snapshot if it was read from the source configured now (not, say, from another database). */
export function usableSnapshot(dir = reportingDir()): SnapshotInfo | null {
  const info = currentSnapshot(dir);
  return info && info.source === expectedSourceKey() ? info : null;
}

/** A reader on the snapshot in service, held open until released (for a result streamed after the call returns). */
export interface OpenSnapshot extends SnapshotReader {
  /** Give the reader back; the snapshot may then close (idempotent). */
  release(): void;
}

/**
 * Open a reader on the current snapshot. It keeps that snapshot (its `info` and its rows) even if a refresh
 * switches meanwhile, until `release()`: call it in a finally, or use withSnapshot.
 */
export async function openSnapshot(dir = reportingDir(), use: ReaderUse = "query"): Promise<OpenSnapshot> {
  const info = usableSnapshot(dir);
  if (!info) throw new SnapshotUnavailableError();
  const file = path.join(dir, info.file);
  const key = use === "query" ? file : `${file}#${use}`;
  const s = state();
  let open = s.open.get(key);
  if (!open) {
    if (!fs.existsSync(file)) throw new SnapshotUnavailableError();
    const options = use === "query" ? duckdbOptions() : batchDuckdbOptions();
    const instance = await DuckDBInstance.create(file, { ...options, access_mode: "READ_ONLY" });
    open = s.open.get(key) ?? { file, instance, readers: 0 };
    if (open.instance !== instance) instance.closeSync();
    s.open.set(key, open);
  }
  const held = open;
  // counted before connecting, so that nothing closes the instance while the connection is being made
  held.readers++;
  let connection: Connection;
  try {
    connection = await held.instance.connect();
  } catch (e) {
    held.readers--;
    closeUnused(dir);
    throw e;
  }
  let released = false;
  return {
    ...makeReader(info, connection),
    release() {
      if (released) return;
      released = true;
      connection.closeSync();
      held.readers--;
      closeUnused(dir);
    },
  };
}

/** Run `fn` against the current snapshot; the snapshot stays open for the whole call even if a refresh switches. */
export async function withSnapshot<T>(fn: (reader: SnapshotReader) => Promise<T>, dir = reportingDir()): Promise<T> {
  const reader = await openSnapshot(dir);
  try {
    return await fn(reader);
  } finally {
    reader.release();
  }
}

/** Close instances no reader uses any more and that are not current. */
export function closeUnused(dir = reportingDir()): void {
  const s = state();
  const info = currentSnapshot(dir);
  const current = info ? path.join(dir, info.file) : null;
  for (const [key, open] of s.open) {
    if (open.readers === 0 && open.file !== current) {
      open.instance.closeSync();
      s.open.delete(key);
    }
  }
}

/** Files this process still holds open (the refresh never deletes those). */
export function filesInUse(): Set<string> {
  return new Set([...state().open.values()].map((o) => o.file));
}

/** Close every reader (tests, shutdown). */
export function closeAllReaders(): void {
  const s = state();
  for (const open of s.open.values()) open.instance.closeSync();
  s.open.clear();
  s.info = null;
  s.pointerMtime = -1;
  s.pointerPath = "";
}

type Connection = Awaited<ReturnType<DuckDBInstance["connect"]>>;
type Reader = Awaited<ReturnType<Connection["runAndReadAll"]>>;

const BIG = new Set([DuckDBTypeId.BIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.UBIGINT, DuckDBTypeId.UHUGEINT]);

function rowsOf<T>(reader: Pick<Reader, "columnNames" | "columnTypes" | "getRowObjectsJson">): T[] {
  const names = reader.columnNames();
  const bigCols = reader.columnTypes().flatMap((t, i) => (BIG.has(t.typeId) ? [names[i]] : []));
  const rows = reader.getRowObjectsJson() as Record<string, unknown>[];
  if (bigCols.length) for (const r of rows) for (const c of bigCols) if (r[c] !== null) r[c] = Number(r[c]);
  return rows as T[];
}

function makeReader(info: SnapshotInfo, connection: Connection): SnapshotReader {
  return {
    info,
    async all<T>(sql: string, params?: QueryParams) {
      const reader = await connection.runAndReadAll(sql, params);
      return rowsOf<T>(reader);
    },
    async *batches<T>(sql: string, params?: QueryParams, batchRows = 10_000) {
      const result = await connection.stream(sql, params);
      const names = result.columnNames();
      const bigCols = result.columnTypes().flatMap((t, i) => (BIG.has(t.typeId) ? [names[i]] : []));
      let pending: Record<string, unknown>[] = [];
      for await (const rows of result.yieldRowObjectJson()) {
        if (bigCols.length) for (const r of rows) for (const c of bigCols) if (r[c] !== null) r[c] = Number(r[c]);
        pending = pending.length ? pending.concat(rows) : (rows as Record<string, unknown>[]);
        if (pending.length >= batchRows) {
          yield pending as T[];
          pending = [];
        }
      }
      if (pending.length) yield pending as T[];
    },
  };
}
