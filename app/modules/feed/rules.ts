// Pure rules of the registry feed's import (issue 37, docs/registry-feed.md): what a file's name says, when the
// refusals pass the threshold, how a run is summed up and the refusal report's CSV.
import { stringify } from "csv-stringify/sync";
import { formatDateTimeAR } from "~/lib/dates";
import type { Estado } from "./importaciones.schema";
import { FEED_TABLES, feedTable, type FeedTable } from "./tables";

export type FeedModo = "completa" | "delta";
export type FeedEncoding = "utf-8" | "windows-1252";
/** feed_importaciones.estado (the words are defined once, in importaciones.schema.ts). */
export type FeedEstado = Estado;

/** What a file's name says: its table, full load or delta, and the encoding when the name gives one. */
export type FeedFileName =
  { ok: true; table: FeedTable; modo: FeedModo; encoding: FeedEncoding | null } | { ok: false; msg: string };

const ENCODING_NAMES: Record<string, FeedEncoding> = {
  utf8: "utf-8",
  "utf-8": "utf-8",
  cp1252: "windows-1252",
  "windows-1252": "windows-1252",
  latin1: "windows-1252",
};

/** `<tabla>[.delta][.<encoding>].csv`, case-insensitive. */
export function parseFeedFileName(fileName: string): FeedFileName {
  const lower = fileName.toLowerCase();
  if (!lower.endsWith(".csv")) return { ok: false, msg: `El archivo ${fileName} no es un CSV (debe terminar en .csv)` };
  const parts = lower.slice(0, -4).split(".");
  const table = feedTable(parts[0]);
  if (!table) {
    return {
      ok: false,
      msg: `El nombre del archivo ${fileName} no corresponde a ninguna tabla del padrón (tabla[.delta][.utf8|.cp1252].csv)`,
    };
  }
  let rest = parts.slice(1);
  const modo: FeedModo = rest[0] === "delta" ? "delta" : "completa";
  if (modo === "delta") rest = rest.slice(1);
  let encoding: FeedEncoding | null = null;
  if (rest.length === 1 && ENCODING_NAMES[rest[0]]) {
    encoding = ENCODING_NAMES[rest[0]];
    rest = [];
  }
  if (rest.length) {
    return {
      ok: false,
      msg: `El nombre del archivo ${fileName} no se entiende: '${rest.join(".")}' no es 'delta' ni una codificación (utf8, cp1252)`,
    };
  }
  return { ok: true, table, modo, encoding };
}

/** The order a run applies its files: the feed's dependency order, a full load before a delta, then by name. */
export function runOrder<T extends { name: string; table: string | null; modo: FeedModo | null }>(files: T[]): T[] {
  const rank = (f: T) => (f.table ? FEED_TABLES.findIndex((t) => t.name === f.table) : -1);
  return [...files].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.modo === b.modo ? 0 : a.modo === "completa" ? -1 : 1) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** A percentage setting: empty → `fallback`; a number 0–100 ('2,5' or '2.5'); else a Spanish error naming it. */
function percentSetting(name: string, env: string | undefined, fallback: number): number {
  if (env === undefined || env.trim() === "") return fallback;
  const n = Number(env.replace(",", "."));
  if (!Number.isFinite(n) || n < 0 || n > 100) {
    throw new Error(`${name} debe ser un porcentaje entre 0 y 100 (es '${env}')`);
  }
  return n;
}

/** FEED_MAX_REFUSED: the percentage of refused rows above which nothing of a file applies (default 1). */
export function maxRefusedPct(env: string | undefined = process.env.FEED_MAX_REFUSED): number {
  return percentSetting("FEED_MAX_REFUSED", env, 1);
}

/** FEED_MAX_ENDED: the percentage of a table's rows a full load may end (default 10). */
export function maxEndedPct(env: string | undefined = process.env.FEED_MAX_ENDED): number {
  return percentSetting("FEED_MAX_ENDED", env, 10);
}

/** Below this many rows a table's full load is not held to FEED_MAX_ENDED (a small catalog changes by more). */
const ENDS_GUARD_MIN_ROWS = 100;

/**
 * Why a full load must not apply because of what it would end, or null: a file with no rows would end its whole
 * table (a cut or empty export, not a decision: a table is emptied with a delta of B rows); past ENDS_GUARD_MIN_ROWS,
 * ending more than `pct` % of the table's rows (a file cut at a line's end reads as whole). A delta ends only what it
 * names.
 */
export function endsRefusal(e: {
  modo: FeedModo;
  tabla: string;
  filas: number;
  ended: number;
  total: number;
  pct: number;
}): string | null {
  if (e.modo !== "completa" || e.ended === 0) return null;
  const n = (x: number) => x.toLocaleString("es-AR");
  if (e.filas === 0) {
    return (
      `No se aplicó nada del archivo: la carga completa no tiene filas y daría de baja ${n(e.ended)} filas de ` +
      `${e.tabla} (para vaciar una tabla, envíe un delta con accion B)`
    );
  }
  if (e.total < ENDS_GUARD_MIN_ROWS || e.ended * 100 <= e.pct * e.total) return null;
  const share = ((e.ended * 100) / e.total).toLocaleString("es-AR", { maximumFractionDigits: 2 });
  return (
    `No se aplicó nada del archivo: la carga completa daría de baja ${n(e.ended)} de ${n(e.total)} filas de ` +
    `${e.tabla} (${share} %), más que el máximo de ${e.pct.toLocaleString("es-AR")} % (FEED_MAX_ENDED)`
  );
}

/**
 * A file whose rows clash with a uniqueness other than the table's key (a college's name, an order number): the
 * database refused the apply (SQLSTATE 23505), nothing applied. The constraint and PostgreSQL's detail say which value.
 */
export function uniqueClashMessage(tabla: string, constraint: string | undefined, detail: string | undefined): string {
  const which = [constraint, detail].filter(Boolean).join(": ");
  return (
    `No se aplicó nada del archivo: un valor que en ${tabla} debe ser único se repite en el archivo o ya lo tiene otra ` +
    `fila de la tabla${which ? ` (${which})` : ""}`
  );
}

/** True when refused rows are more than `pct` % of the file's rows. */
export function overThreshold(refused: number, rows: number, pct: number): boolean {
  return rows > 0 && refused * 100 > pct * rows;
}

/** The report's first row (linea 0) and the audit's message when the threshold stops a file. */
export function thresholdMessage(refused: number, rows: number, pct: number): string {
  const share = rows > 0 ? ((refused * 100) / rows).toLocaleString("es-AR", { maximumFractionDigits: 2 }) : "0";
  return (
    `No se aplicó nada del archivo: ${refused} de ${rows} filas rechazadas (${share} %) superan el máximo ` +
    `de ${pct.toLocaleString("es-AR")} % (FEED_MAX_REFUSED)`
  );
}

export type FeedCounts = {
  filas: number;
  insertadas: number;
  actualizadas: number;
  finalizadas: number;
  rechazadas: number;
};

/** APLICADO when rows changed, SIN_CAMBIOS when nothing did ("importing the same file again changes nothing"). */
export function appliedEstado(c: FeedCounts): FeedEstado {
  return c.insertadas + c.actualizadas + c.finalizadas > 0 ? "APLICADO" : "SIN_CAMBIOS";
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString("es-AR")} ${n === 1 ? one : many}`;
}

/** One Spanish line for an applied file. */
export function appliedMessage(c: FeedCounts): string {
  const refused = c.rechazadas ? `; ${plural(c.rechazadas, "fila rechazada", "filas rechazadas")}` : "";
  if (appliedEstado(c) === "SIN_CAMBIOS") {
    return `Sin cambios: la base ya tenía lo que dice el archivo (${plural(c.filas, "fila", "filas")}${refused})`;
  }
  return (
    `${plural(c.filas, "fila", "filas")}: ${plural(c.insertadas, "insertada", "insertadas")}, ` +
    `${plural(c.actualizadas, "actualizada", "actualizadas")}, ${plural(c.finalizadas, "finalizada", "finalizadas")}${refused}`
  );
}

/** A table's last import that applied (APLICADO or SIN_CAMBIOS), as the audit keeps it. */
export type LastApplied = {
  id: number;
  sha256: string;
  modo: string | null;
  filas: number;
  rechazadas: number;
  iniciadoEn: Date;
  /** The table's feed_tablas.version when that run ended (null: not recorded), and now. */
  versionTabla: number | null;
  versionActual: number;
};

/**
 * True when a file needs no work: the same bytes (SHA-256) and mode as its table's last applied import, which refused
 * nothing, and nothing has written the table since (its version is the one that run left). That import left the
 * table as this file would leave it again. A later import of the table (another file, a delta) is the last one
 * instead; a refusal may since have found its reference; a write from outside the feed moved the version: all three
 * are processed in full.
 */
export function identicalToLast(prev: LastApplied | null, file: { sha256: string; modo: FeedModo | null }): boolean {
  return (
    !!prev &&
    !!file.sha256 &&
    prev.sha256 === file.sha256 &&
    prev.modo === file.modo &&
    prev.rechazadas === 0 &&
    prev.versionTabla !== null &&
    prev.versionTabla === prev.versionActual
  );
}

/** The audit's line for a file identicalToLast skipped. */
export function identicalMessage(prev: LastApplied): string {
  return (
    `Sin cambios: el archivo es idéntico (SHA-256) al de la importación ${prev.id} del ` +
    `${formatDateTimeAR(prev.iniciadoEn)}, que se aplicó sin rechazos; no se volvió a procesar`
  );
}

/** A refused value: the file's line (0 = the file as a whole), the column, the value as written, the reason. */
export type Refusal = { linea: number; columna: string; valor: string | null; motivo: string };

/** The refusal report's CSV: `;`, header linea;columna;valor;motivo (the file beside the import adds a BOM). */
export function refusalReportCsv(refusals: readonly Refusal[]): string {
  const body = stringify(
    refusals.map((r) => [r.linea, r.columna, r.valor ?? "", r.motivo]),
    { delimiter: ";", record_delimiter: "unix" },
  );
  return `linea;columna;valor;motivo\n${body}`;
}

/** The report's name beside the file: `<name without .csv>.rechazos.csv`. */
export function reportFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, "")}.rechazos.csv`;
}

/** A directory's feed files: its `*.csv` that are not refusal reports. */
export function isFeedCandidate(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return lower.endsWith(".csv") && !lower.endsWith(".rechazos.csv");
}

/** A date `years` after the ISO day `iso`, as text comparable with other ISO days (29 Feb stays 29 Feb). */
export function yearsAfterISO(iso: string, years: number): string {
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, "0")}${iso.slice(4)}`;
}
