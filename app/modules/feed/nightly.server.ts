// The nightly import of the registry feed (issue 37, docs/decisions/068-registry-feed.md): a job of the process that
// owns the schedules (app/background.server.ts, ADR 083), off unless FEED_CRON is set. Each run takes the feed files the
// insurer's systems left in FEED_DIR, imports them (origen 'tarea nocturna'), and moves each file it processed, with
// its refusal report, into FEED_DIR/procesados/<aaaa-mm-dd>/ so the next run does not see them again; nothing is
// ever deleted. A file whose import failed for a reason of ours (ERROR: the database away, a fault) stays where it is
// and is tried again at the next run. One run at a time across processes (a named lock); one log line per file.
import fs from "node:fs";
import path from "node:path";
import { acquireNamedLock, checkSchedule, reportingDir, type BackgroundJob } from "~reporting/index";
import { todayISO } from "~/lib/dates";
import { errorSummary } from "~/lib/log-safe.server";
import { FeedBusyError, importFeed, type FeedFileResult } from "./import.server";
import { isFeedCandidate, maxEndedPct, maxRefusedPct, reportFileName } from "./rules";

const ORIGEN_NOCTURNO = "tarea nocturna";
/** The subdirectory of FEED_DIR the processed files go to, one directory per day. */
const PROCESADOS = "procesados";
/** The advisory lock of the nightly run on PostgreSQL (the import's own is 724_137; reporting 724_111…). */
const NIGHTLY_LOCK_KEY = 724_138;

class NightlyBusyError extends Error {
  constructor() {
    super("Ya hay una importación nocturna en curso");
  }
}

/** FEED_DIR resolved, or null when unset. */
function feedDir(): string | null {
  return process.env.FEED_DIR ? path.resolve(process.env.FEED_DIR) : null;
}

/** The feed files waiting in `dir` (sorted; not the reports, not hidden files, not directories). */
function pendingFiles(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => !n.startsWith(".") && isFeedCandidate(n))
    .sort()
    .map((n) => path.join(dir, n))
    .filter((f) => fs.statSync(f, { throwIfNoEntry: false })?.isFile() ?? false);
}

/** `name` in `dir` if free, else '<stem>-2.csv', '-3'… so that neither the file nor its report overwrites anything. */
function freeName(dir: string, name: string): string {
  const ext = /\.csv$/i.exec(name)?.[0] ?? "";
  const stem = name.slice(0, name.length - ext.length);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${stem}-${n}${ext}`;
    const taken = [candidate, reportFileName(candidate)].some((c) => fs.existsSync(path.join(dir, c)));
    if (!taken) return candidate;
  }
}

/** Moves the file of `r` and its report into `target` (created); returns the file's new path. */
function moveProcessed(r: FeedFileResult, target: string): string {
  fs.mkdirSync(target, { recursive: true });
  const name = freeName(target, path.basename(r.ruta));
  const report = r.informeArchivo ?? path.join(path.dirname(r.ruta), reportFileName(path.basename(r.ruta)));
  if (fs.existsSync(report)) fs.renameSync(report, path.join(target, reportFileName(name)));
  fs.renameSync(r.ruta, path.join(target, name));
  return path.join(target, name);
}

type NightlyFile = { archivo: string; estado: FeedFileResult["estado"]; movido: string | null };
export type NightlyOutcome = { state: "sin-archivos" | "ocupado" | "error" } | { state: "hecho"; files: NightlyFile[] };

function logLine(r: FeedFileResult, movido: string | null, dir: string): string {
  const counts = `filas ${r.filas}, insertadas ${r.insertadas}, actualizadas ${r.actualizadas}, finalizadas ${r.finalizadas}, rechazadas ${r.rechazadas}`;
  const where = movido ? `movido a ${path.relative(dir, movido)}` : "queda en FEED_DIR para la próxima ejecución";
  return `[importacion-nocturna] ${r.archivo}: ${r.estado} (${counts}); ${where}`;
}

/** Imports what waits in `dir`, under the nightly lock, and moves what was processed. */
async function importAndMove(dir: string, files: string[], today: string): Promise<NightlyFile[]> {
  const results = await importFeed(files, { origen: ORIGEN_NOCTURNO, today });
  const target = path.join(dir, PROCESADOS, today);
  return results.map((r) => {
    let movido: string | null = null;
    if (r.estado !== "ERROR") {
      try {
        movido = moveProcessed(r, target);
      } catch (e) {
        console.error(`[importacion-nocturna] ${r.archivo}: no se pudo mover a ${PROCESADOS}: ${errorSummary(e)}`);
      }
    }
    console.log(logLine(r, movido, dir));
    return { archivo: r.archivo, estado: r.estado, movido };
  });
}

/**
 * One run of the job: nothing when FEED_DIR holds no feed file (nothing logged, no lock taken); else the import of its
 * files and the move of the processed ones. Never throws: what fails is logged, and the files stay for the next run.
 */
export async function runNightlyImport(opts: { dir?: string; now?: Date } = {}): Promise<NightlyOutcome> {
  const dir = opts.dir ?? feedDir();
  if (!dir || !pendingFiles(dir).length) return { state: "sin-archivos" };
  let release: (() => Promise<void>) | null = null;
  try {
    fs.mkdirSync(reportingDir(), { recursive: true });
    ({ release } = await acquireNamedLock({
      file: path.join(reportingDir(), "importacion-nocturna.lock"),
      pgKey: [NIGHTLY_LOCK_KEY],
      busy: () => new NightlyBusyError(),
    }));
    const files = pendingFiles(dir); // again, under the lock: another run may have taken them meanwhile
    if (!files.length) return { state: "sin-archivos" };
    return { state: "hecho", files: await importAndMove(dir, files, todayISO(opts.now)) };
  } catch (e) {
    if (e instanceof NightlyBusyError || e instanceof FeedBusyError) {
      console.log(`[importacion-nocturna] ${e.message}: los archivos quedan para la próxima ejecución`);
      return { state: "ocupado" };
    }
    console.error(`[importacion-nocturna] no se pudo importar: ${errorSummary(e)}`);
    return { state: "error" };
  } finally {
    await release?.();
  }
}

/**
 * The background job, or null when FEED_CRON is unset (the job is off by default). A bad setting stops the
 * start with a Spanish message, as the other schedules' expressions do.
 */
export function nightlyImportJob(): BackgroundJob | null {
  const expr = process.env.FEED_CRON?.trim();
  if (!expr) return null;
  checkSchedule(expr, "FEED_CRON", "30 2 * * *");
  const dir = feedDir();
  if (!dir) {
    throw new Error(
      "FEED_CRON está definida pero falta FEED_DIR: el directorio donde los sistemas de OSEP dejan los archivos",
    );
  }
  maxRefusedPct(); // a bad threshold stops the start too, not the first night
  maxEndedPct();
  // not fatal: a shared directory may be mounted later; each run looks again
  if (!fs.existsSync(dir)) console.error(`[importacion-nocturna] FEED_DIR no existe todavía: ${dir}`);
  return { name: "importacion-nocturna", schedule: expr, run: () => runNightlyImport() };
}
