// Pre-settlement query (preliquidación, spec part 2 §2/§7/§9; docs/decisions/015-pre-settlement.md): the rows of
// one responsable in a period, read from the reporting snapshot, for the screen, the CSV download and the API.
// The responsable scoping (rules.ts) is checked here, so every entry point enforces it.
import { ReadableStream as NodeReadableStream } from "node:stream/web";
import { stringify } from "csv-stringify/sync";
import { openSnapshot, SnapshotUnavailableError, type OpenSnapshot } from "~reporting/index";
import { downloadResponse } from "~reporting/render/download";
import {
  liquidacionBatches,
  liquidacionCount,
  liquidacionRows,
  type LiquidacionFilter,
  type LiquidacionRow,
} from "~reporting/index";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/modules/audit-log/audit.server";
import { fromSnapshot } from "~/modules/reporting/snapshot.server";
import { formatDateAR } from "~/lib/dates";
import {
  CSV_FILENAME,
  LIQUIDACION_FIELDS,
  MSG_RESPONSABLE_NO_PERMITIDO,
  msgDemasiadasFilas,
  type LiquidacionQuery,
} from "./liquidacion.schema";
import { canonicalCuit, canSeeResponsable, type UsuarioResponsable } from "./rules";

export type LiquidacionFailure = { ok: false; status: 403 | 422 | 503; msg: string };
export type Liquidacion = { ok: true; rows: LiquidacionRow[]; total: number; datos_al: string };

type Access = { ok: true; filter: LiquidacionFilter | null } | LiquidacionFailure;

/** The scoping check and the snapshot filter; filter null = text that is no CUIT (no rows, never an error). */
function access(user: UsuarioResponsable, q: LiquidacionQuery): Access {
  if (!canSeeResponsable(user, q.responsable)) return { ok: false, status: 403, msg: MSG_RESPONSABLE_NO_PERMITIDO };
  const cuit = canonicalCuit(q.responsable);
  return { ok: true, filter: cuit ? { desde: q.fecha_desde, hasta: q.fecha_hasta, cuit } : null };
}

/**
 * The rows for the screen and the JSON API. `limit` caps the rows returned (total is always the full count);
 * `refuseAbove` answers 422 instead when the total is larger (the API's cap).
 */
export async function queryLiquidacion(
  user: UsuarioResponsable,
  q: LiquidacionQuery,
  opts: { limit?: number; refuseAbove?: number } = {},
): Promise<Liquidacion | LiquidacionFailure> {
  const a = access(user, q);
  if (!a.ok) return a;
  const filter = a.filter;
  const result = await fromSnapshot(async (reader) => {
    if (!filter) return { rows: [] as LiquidacionRow[], total: 0, refused: false };
    const total = await liquidacionCount(reader, filter);
    if (opts.refuseAbove !== undefined && total > opts.refuseAbove) return { rows: [], total, refused: true };
    const rows = total === 0 ? [] : await liquidacionRows(reader, filter, opts.limit);
    return { rows, total, refused: false };
  });
  if (!result.ok) return { ok: false, status: 503, msg: result.msg };
  if (result.value.refused) return { ok: false, status: 422, msg: msgDemasiadasFilas(result.value.total) };
  return { ok: true, rows: result.value.rows, total: result.value.total, datos_al: result.datos_al };
}

// ---- CSV (docs/decisions/015): UTF-8 with BOM, ';', CRLF, header = the spec's field names -----------------

const BOM = "\uFEFF";
const CSV_OPTIONS = { delimiter: ";", record_delimiter: "\r\n" } as const;

/** Money for Excel es-AR: decimal comma, no thousands separator ('1234,50'). */
export function csvMoney(v: string | null): string {
  return v == null ? "" : v.replace(".", ",");
}

/** The columns written as numbers (amounts, counts, numbers); every other cell is text. */
const NUMERIC_FIELDS: ReadonlySet<string> = new Set([
  "nroautorizacion",
  "montoauthonorario",
  "montoautgasto",
  "numautreferenciada",
  "cantidad",
  "cobertura",
]);

/**
 * A text cell a spreadsheet would read as a formula (it starts with = + - @, a tab or a carriage return) gets a
 * leading single quote, so Excel shows it as text instead of running it (docs/decisions/028). Numbers never pass here.
 */
export function csvText(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** One liquidation row as CSV cells, in LIQUIDACION_FIELDS order. */
export function csvCells(r: LiquidacionRow): string[] {
  return LIQUIDACION_FIELDS.map((f) => {
    const v = r[f];
    if (v == null) return "";
    if (f === "fecha") return formatDateAR(String(v));
    if (f === "montoauthonorario" || f === "montoautgasto") return csvMoney(v as string);
    if (NUMERIC_FIELDS.has(f)) return String(v);
    if (f === "anulado") return v ? "SI" : "NO";
    return csvText(String(v));
  });
}

export const csvHeader = (): string => BOM + stringify([[...LIQUIDACION_FIELDS]], CSV_OPTIONS);

/**
 * The CSV of a query as a byte stream straight from the snapshot batches (memory stays flat for big months), read
 * on demand. `snapshot` is released when the stream ends, fails or is cancelled.
 */
function liquidacionCsvStream(snapshot: OpenSnapshot, filter: LiquidacionFilter | null): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(csvHeader());
    if (!filter) return;
    try {
      for await (const batch of liquidacionBatches(snapshot, filter)) {
        yield encoder.encode(stringify(batch.map(csvCells), CSV_OPTIONS));
      }
    } catch (e) {
      console.error("liquidacion CSV:", e);
      throw e;
    }
  }
  // the platform's stream over an async iterable pulls the next chunk only when the reader asks for it
  return NodeReadableStream.from(finallyOnce(chunks(), () => snapshot.release())) as ReadableStream<Uint8Array>;
}

/**
 * `gen` with `done` called once when it ends, fails or is cancelled. Needed besides a finally inside the generator:
 * a stream cancelled before its first read calls return() on a generator that never started, and that skips the
 * generator's finally.
 */
function finallyOnce<T>(gen: AsyncGenerator<T>, done: () => void): AsyncIterable<T> {
  let finished = false;
  const finish = () => {
    if (!finished) {
      finished = true;
      done();
    }
  };
  const settle = async (step: Promise<IteratorResult<T>>) => {
    try {
      const r = await step;
      if (r.done) finish();
      return r;
    } catch (e) {
      finish();
      throw e;
    }
  };
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => settle(gen.next()),
      return: () => settle(gen.return(undefined)),
    }),
  };
}

/**
 * The CSV download/API answer: scoping first, then the snapshot (503 without one), the export in the audit log, and
 * the streamed file. X-Datos-Al is the build time of the very snapshot streamed, held open until the stream ends.
 */
export async function liquidacionCsv(
  user: UsuarioResponsable & AuditActor,
  q: LiquidacionQuery,
  via: "csv" | "api",
): Promise<{ ok: true; response: Response } | LiquidacionFailure> {
  const a = access(user, q);
  if (!a.ok) return a;
  let snapshot: OpenSnapshot;
  try {
    snapshot = await openSnapshot();
  } catch (e) {
    if (e instanceof SnapshotUnavailableError) return { ok: false, status: 503, msg: e.message };
    throw e;
  }
  try {
    await auditLiquidacionExport(user, q, via);
  } catch (e) {
    snapshot.release();
    throw e;
  }
  const response = downloadResponse("csv", CSV_FILENAME, liquidacionCsvStream(snapshot, a.filter), {
    "X-Datos-Al": snapshot.info.built_at,
  });
  return { ok: true, response };
}

/** Exports of member data are recorded in the audit log (who, which responsable and period, through what). */
async function auditLiquidacionExport(user: AuditActor, q: LiquidacionQuery, via: "csv" | "api"): Promise<void> {
  await audit(await getDb(), user, {
    accion: "liquidacion.exportar",
    entidad: "responsable",
    entidadId: q.responsable,
    detalle: { fecha_desde: q.fecha_desde, fecha_hasta: q.fecha_hasta, via },
  });
}
