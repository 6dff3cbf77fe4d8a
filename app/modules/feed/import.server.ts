// The registry feed's import (issue 37, docs/registry-feed.md, ADR 068): files in dependency order, each read once
// to check it, COPYed into a staging table, validated in the database, applied in one transaction unless its refusals
// pass FEED_MAX_REFUSED, reported beside the file and audited in feed_importaciones. A run that changed rows asks the
// reporting snapshot to refresh.
import fs from "node:fs";
import path from "node:path";
import { isUniqueViolation, pgConstraint, pgDetail } from "~db/errors";
import { todayISO } from "~/lib/dates";
import { requestRefresh } from "~reporting/index";
import { queueRefreshRequest } from "~reporting/schedule";
import { applyRows, EndsRefusedError } from "./apply.server";
import { quoteIdent } from "./columns";
import { applyDeferred, hasDeferred, markNew } from "./deferred.server";
import { checkFile, type CheckedFile } from "./file-check.server";
import { scanFile, type FileScan } from "./files.server";
import {
  lastApplied,
  recordImport,
  stampVersions,
  writeReport,
  type Actor,
  type FeedFileResult,
} from "./report.server";
import {
  appliedEstado,
  appliedMessage,
  identicalMessage,
  identicalToLast,
  isFeedCandidate,
  maxEndedPct,
  maxRefusedPct,
  overThreshold,
  parseFeedFileName,
  runOrder,
  thresholdMessage,
  uniqueClashMessage,
  yearsAfterISO,
} from "./rules";
import { openSession, type Session } from "./session.server";
import { CsvError, stageFile } from "./staging.server";
import { reportRows, validateStaged, type FileContext } from "./validate.server";

export type { FeedFileResult } from "./report.server";
export { FeedBusyError } from "./session.server";

export type ImportOptions = Actor & {
  /** Percent of refused rows above which nothing of a file applies (default FEED_MAX_REFUSED, else 1). */
  maxRefusedPct?: number;
  /** Percent of a table's rows a full load may end (default FEED_MAX_ENDED, else 10; rules.endsRefusal). */
  maxEndedPct?: number;
  /** The import's day (yyyy-mm-dd, insurer's zone): end dates and the date range. Default today. */
  today?: string;
  /**
   * After a run that changed rows: 'request' asks the reporting refresh here (the app, the worker), 'queue' leaves
   * the request for the process that owns the schedule (the command line), 'none' does nothing. Default 'request'.
   */
  refresh?: "request" | "queue" | "none";
  /**
   * Process every file in full, even one identical to its table's last applied import (which is otherwise recorded
   * as SIN_CAMBIOS without reading it again): after the feed's tables were changed outside the feed.
   */
  force?: boolean;
};

/** A path given to the import that is neither a file nor a directory. */
export class FeedPathError extends Error {
  constructor(p: string) {
    super(`No existe el archivo o directorio: ${p}`);
    this.name = "FeedPathError";
  }
}

/** The files of `paths`: a directory means its `*.csv` that are not `*.rechazos.csv`. */
function feedFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    const full = path.resolve(p);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) throw new FeedPathError(p);
    if (stat.isDirectory()) {
      const names = fs.readdirSync(full).filter(isFeedCandidate).sort();
      out.push(...names.map((n) => path.join(full, n)).filter((f) => fs.statSync(f).isFile()));
    } else out.push(full);
  }
  return [...new Set(out)];
}

function emptyResult(file: string, scan: FileScan | null): FeedFileResult {
  return {
    id: null,
    archivo: path.basename(file),
    ruta: file,
    tabla: null,
    modo: null,
    codificacion: null,
    bytes: scan?.bytes ?? 0,
    sha256: scan?.sha256 ?? "",
    estado: "RECHAZADO",
    mensaje: "",
    filas: 0,
    insertadas: 0,
    actualizadas: 0,
    finalizadas: 0,
    rechazadas: 0,
    informe: null,
    informeArchivo: null,
    duracionMs: 0,
  };
}

function tempNames(index: number): Pick<FileContext, "stage" | "refused" | "rows"> {
  return { stage: `feed_stage_${index}`, refused: `feed_refused_${index}`, rows: `feed_rows_${index}` };
}

async function dropTemp(s: Session, ctx: Pick<FileContext, "stage" | "refused" | "rows">): Promise<void> {
  await s.query(`DROP TABLE IF EXISTS ${[ctx.stage, ctx.refused, ctx.rows].map(quoteIdent).join(", ")}`);
}

type RunState = { today: string; maxDate: string; pct: number; endedPct: number; index: number; force: boolean };

/** The run's table of valid days (created by the first validation, dropped at the end of the run). */
function daysTable(run: RunState): string {
  return `feed_days_${run.maxDate.replace(/-/g, "")}`;
}

/** Staging, validation and (unless the threshold stops it) the apply of a checked file. */
async function loadChecked(
  s: Session,
  c: CheckedFile,
  file: string,
  run: RunState,
  r: FeedFileResult,
): Promise<FileContext> {
  const names = tempNames(run.index);
  const staged = await stageFile(s, {
    file,
    start: c.start,
    encoding: c.encoding,
    columns: c.header,
    name: names.stage,
  });
  const ctx: FileContext = {
    ft: c.ft,
    modo: c.modo,
    all: c.all,
    cols: c.all.filter((col) => c.header.includes(col.name)),
    hasAccion: c.header.includes("accion"),
    ...names,
    maxDate: run.maxDate,
    days: daysTable(run),
  };
  r.filas = staged.rows;
  r.rechazadas = await validateStaged(s, ctx);
  if (overThreshold(r.rechazadas, r.filas, run.pct)) {
    r.mensaje = thresholdMessage(r.rechazadas, r.filas, run.pct);
    Object.assign(
      r,
      writeReport(file, await reportRows(s, ctx, [{ linea: 0, columna: "", valor: null, motivo: r.mensaje }])),
    );
    return ctx;
  }
  const counts = await s.transaction(async (tx) => {
    if (hasDeferred(ctx)) await markNew(tx, ctx);
    return applyRows(tx, ctx, { today: run.today, filas: r.filas, maxEndedPct: run.endedPct });
  });
  Object.assign(r, counts, { estado: appliedEstado({ ...r, ...counts }) });
  r.mensaje = appliedMessage(r);
  Object.assign(r, writeReport(file, await reportRows(s, ctx)));
  return ctx;
}

/** One file of the run: checked, loaded, reported and audited. Returns the context when the run must keep it. */
async function importFile(
  s: Session,
  file: string,
  run: RunState,
  actor: Actor,
): Promise<{ result: FeedFileResult; keep: FileContext | null }> {
  const startedAt = new Date();
  const t0 = performance.now();
  let r = emptyResult(file, null);
  let keep: FileContext | null = null;
  try {
    const scan = await scanFile(file);
    r = emptyResult(file, scan);
    const verdict = checkFile(r.archivo, scan);
    if (!verdict.ok) {
      Object.assign(r, {
        mensaje: verdict.msg,
        tabla: verdict.tabla,
        modo: verdict.modo,
        codificacion: verdict.codificacion,
      });
      Object.assign(r, writeReport(file, [{ linea: 0, columna: "", valor: null, motivo: verdict.msg }]));
    } else {
      Object.assign(r, {
        tabla: verdict.file.ft.name,
        modo: verdict.file.modo,
        codificacion: verdict.file.codificacion,
      });
      const prev = run.force ? null : await lastApplied(verdict.file.ft.name);
      if (prev && identicalToLast(prev, r)) {
        Object.assign(r, { estado: "SIN_CAMBIOS", filas: prev.filas, mensaje: identicalMessage(prev) });
        Object.assign(r, writeReport(file, []));
      } else {
        const ctx = await loadChecked(s, verdict.file, file, run, r);
        if (r.estado !== "RECHAZADO" && hasDeferred(ctx)) keep = ctx;
      }
    }
  } catch (e) {
    failed(r, e, file);
  }
  if (!keep) await dropTemp(s, tempNames(run.index)).catch(() => undefined);
  r.duracionMs = performance.now() - t0;
  try {
    r.id = await recordImport(r, actor, startedAt);
  } catch (e) {
    console.error(
      `[feed] no se pudo registrar la importación de ${r.archivo}: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return { result: r, keep };
}

/**
 * A file COPY could not read, a full load that would end too much, or rows that clash with a uniqueness other than the
 * key, is refused (the file's fault: the nightly job moves it away); anything else is an ERROR (nothing of the file
 * applied: its transaction).
 */
function failed(r: FeedFileResult, e: unknown, file: string): void {
  if (!r.tabla) {
    const name = parseFeedFileName(r.archivo);
    if (name.ok) Object.assign(r, { tabla: name.table.name, modo: name.modo });
  }
  Object.assign(r, { insertadas: 0, actualizadas: 0, finalizadas: 0 });
  if (e instanceof CsvError || e instanceof EndsRefusedError) {
    Object.assign(r, { estado: "RECHAZADO", mensaje: e.message, rechazadas: e instanceof CsvError ? 0 : r.rechazadas });
  } else if (isUniqueViolation(e)) {
    Object.assign(r, { estado: "RECHAZADO", mensaje: uniqueClashMessage(r.tabla ?? "", pgConstraint(e), pgDetail(e)) });
  } else {
    const why = e instanceof Error ? e.message : String(e);
    Object.assign(r, { estado: "ERROR", mensaje: `No se pudo importar el archivo; no se aplicó nada: ${why}` });
    console.error(`[feed] ${r.archivo}: ${why}`);
  }
  Object.assign(r, writeReport(file, [{ linea: 0, columna: "", valor: null, motivo: r.mensaje }]));
}

/**
 * Imports the feed files of `paths` (files, or directories: their `*.csv` but the reports), in the feed's dependency
 * order whatever order they come in. One result per file. Throws FeedPathError for a path that does not exist and
 * FeedBusyError when another import runs.
 */
export async function importFeed(paths: string[], opts: ImportOptions): Promise<FeedFileResult[]> {
  const files = feedFiles(paths);
  const plan = runOrder(
    files.map((f) => {
      const n = parseFeedFileName(path.basename(f));
      return { file: f, name: path.basename(f), table: n.ok ? n.table.name : null, modo: n.ok ? n.modo : null };
    }),
  );
  const today = opts.today ?? todayISO();
  const run: RunState = {
    today,
    maxDate: yearsAfterISO(today, 5),
    pct: opts.maxRefusedPct ?? maxRefusedPct(),
    endedPct: opts.maxEndedPct ?? maxEndedPct(),
    index: 0,
    force: opts.force ?? false,
  };
  const actor: Actor = { origen: opts.origen, usuarioId: opts.usuarioId ?? null };
  const results: FeedFileResult[] = [];
  const kept: { ctx: FileContext; result: FeedFileResult }[] = [];
  const s = await openSession();
  try {
    for (const p of plan) {
      run.index++;
      const { result, keep } = await importFile(s, p.file, run, actor);
      results.push(result);
      if (keep) kept.push({ ctx: keep, result });
    }
    await applyDeferred(s, kept, actor);
    await stampVersions(results);
  } finally {
    for (const k of kept) await dropTemp(s, k.ctx).catch(() => undefined);
    await s.query(`DROP TABLE IF EXISTS ${quoteIdent(daysTable(run))}`).catch(() => undefined);
    await s.close();
  }
  const changed = results.some((r) => r.insertadas + r.actualizadas + r.finalizadas > 0);
  if (changed) await askRefresh(opts.refresh ?? "request");
  return results;
}

async function askRefresh(how: "request" | "queue" | "none"): Promise<void> {
  if (how === "request") await requestRefresh();
  else if (how === "queue") queueRefreshRequest();
}
