// Copying the base tables of a refresh into the new DuckDB file. Each table streams from the source as CSV through a
// named pipe into DuckDB's own CSV reader (the copy and the load overlap, nothing is staged on disk); without mkfifo,
// through a temporary file. When the source can share its snapshot with a second session (PostgreSQL), the tables
// are copied in parallel streams — the big table alone in one, the others one after another in the next —, each
// with its own Postgres session on the same snapshot and its own DuckDB connection (docs/benchmarks.md, issue 29).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Writable } from "node:stream";
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { copyStreamCount } from "./config";
import type { Copier, Source } from "./source";
import type { BaseTable } from "./table-types";

/**
 * Copy every table; resolves with the row count of each. `step` announces each table (the refresh's status and
 * the tests' interruptions). When a table fails, the other streams finish the table they are copying and start no
 * other; then the first failure is thrown.
 */
export async function copyTables(
  instance: DuckDBInstance,
  source: Source,
  tables: BaseTable[],
  dir: string,
  step: (phase: string) => Promise<void>,
): Promise<Record<string, number>> {
  const lanes = await openLanes(source, tables);
  const counts: Record<string, number> = {};
  let failed = false;
  const run = async (copier: Copier, lane: BaseTable[]) => {
    const con = await instance.connect();
    try {
      for (const table of lane) {
        if (failed) return;
        await step(`Copiando ${table.name}`);
        await loadTable(con, copier, source.streams, table, dir);
        counts[table.name] = await count(con, table.name);
      }
    } catch (e) {
      failed = true;
      throw e;
    } finally {
      con.closeSync();
    }
  };
  try {
    const results = await Promise.allSettled(lanes.map(([copier, lane]) => run(copier, lane)));
    const failure = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failure) throw failure.reason;
  } finally {
    for (const [copier] of lanes) if (copier !== source) await copier.close().catch(() => undefined);
  }
  // the order of the list, whichever stream finished first
  return Object.fromEntries(tables.map((t) => [t.name, counts[t.name]]));
}

/**
 * The streams and their tables: one stream (the source itself, tables in their order) unless REPORTING_COPY_STREAMS
 * allows more and the source can share its snapshot; then each `ownStream` table gets a stream of its own and the
 * rest share the last one.
 */
async function openLanes(source: Source, tables: BaseTable[]): Promise<[Copier, BaseTable[]][]> {
  const own = tables.filter((t) => t.ownStream);
  const rest = tables.filter((t) => !t.ownStream);
  const wanted = Math.min(copyStreamCount(), own.length + (rest.length ? 1 : 0));
  const lanes: [Copier, BaseTable[]][] = [];
  try {
    for (let i = 1; i < wanted; i++) {
      const copier = await source.share();
      if (!copier) break;
      lanes.push([copier, []]);
    }
  } catch (e) {
    for (const [copier] of lanes) await copier.close().catch(() => undefined);
    throw e;
  }
  if (!lanes.length) return [[source, tables]];
  // the big tables first, one per stream; everything else in the source's own stream (no stream is left empty:
  // there are never more streams than big tables, plus one for the rest)
  const all: [Copier, BaseTable[]][] = [...lanes, [source, []]];
  own.forEach((t, i) => all[Math.min(i, all.length - 1)][1].push(t));
  all[all.length - 1][1].push(...rest);
  return all;
}

export async function count(con: DuckDBConnection, table: string): Promise<number> {
  const r = await con.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${table}`);
  return Number(r.getRowsJS()[0][0]);
}

async function loadTable(
  con: DuckDBConnection,
  copier: Copier,
  streams: boolean,
  table: BaseTable,
  dir: string,
): Promise<void> {
  const select = `SELECT ${table.columns.map(([n]) => n).join(", ")} FROM ${table.from}`;
  // named like the building file, so a killed refresh's leftover is cleared by the next one
  const pipe = path.join(dir, `.building-${process.pid}-${table.name}.csv`);
  const fifo = streams && makeFifo(pipe);
  const columns = table.columns.map(([n, t]) => `'${n}': '${t}'`).join(", ");
  const csv =
    `read_csv('${pipe.replace(/'/g, "''")}', columns = {${columns}}, header = false, ` +
    `allow_quoted_nulls = false, delim = ',', quote = '"', escape = '"', auto_detect = false)`;
  // identifiers and names, unique or nearly so, are stored plain: DuckDB's dictionary analysis of each of their
  // values only found that out (docs/benchmarks.md, issue 29)
  const ddl = table.columns
    .map(([n, t, c]) => `${n} ${t}${c === "uncompressed" ? " USING COMPRESSION uncompressed" : ""}`)
    .join(", ");
  const load = async () => {
    await con.run(`CREATE TABLE ${table.name} (${ddl})`);
    await con.run(`INSERT INTO ${table.name} SELECT * FROM ${csv}`);
  };
  try {
    if (!fifo) {
      await copier.copyCsv(select, fs.createWriteStream(pipe));
      await load();
      return;
    }
    let loadSettled = false;
    pipesInUse.set(pipe, null);
    const loading = load().finally(() => void (loadSettled = true));
    const writing = openFifoWriter(pipe, () => loadSettled).then((sink) => copier.copyCsv(select, sink));
    const [l, w] = await Promise.allSettled([
      loading,
      writing.catch(async (e) => {
        await unblockReader(pipe, () => loadSettled);
        throw e;
      }),
    ]);
    if (w.status === "rejected") throw w.reason;
    if (l.status === "rejected") throw l.reason;
  } finally {
    pipesInUse.delete(pipe);
    fs.rmSync(pipe, { force: true });
  }
}

/**
 * The pipes a DuckDB statement of this process may be reading now, with the write end's descriptor once open. A
 * process that exits mid-refresh (SIGTERM, the cluster's stop) would otherwise never end: DuckDB's thread waits in
 * the pipe's open or read, and the exit waits for that thread. At exit each pipe gets its end of file: the write
 * end is closed, or opened and closed when no writer had it yet (issue 35).
 */
const pipesInUse = new Map<string, number | null>();
process.once("exit", () => {
  for (const [pipe, fd] of pipesInUse) {
    try {
      fs.closeSync(fd ?? fs.openSync(pipe, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      // no reader (ENXIO) or already closed: nothing waits on this pipe
    }
  }
});

function makeFifo(file: string): boolean {
  if (process.platform === "win32" || process.env.REPORTING_NO_FIFO === "1") return false;
  try {
    execFileSync("mkfifo", ["-m", "600", file]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The pipe's write end as a non-blocking socket (epoll, no libuv worker thread held while DuckDB catches up), opened
 * once DuckDB has the read end open; gives up when the load ended without opening it (a failed statement).
 */
async function openFifoWriter(fifo: string, loadSettled: () => boolean): Promise<Writable> {
  for (;;) {
    try {
      const fd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
      if (pipesInUse.has(fifo)) pipesInUse.set(fifo, fd);
      return new net.Socket({ fd, readable: false, writable: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENXIO") throw e;
      if (loadSettled()) throw new Error("la carga terminó sin leer la tubería", { cause: e });
    }
    await new Promise((r) => setTimeout(r, 2));
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
