// Pre-settlement query (preliquidación, spec part 2 §2/§7/§9; docs/decisions/015-pre-settlement.md): the rows of
// one responsable in a period, read from the reporting snapshot, for the screen, the CSV download and the API.
// The responsable scoping (rules.ts) is checked here, so every entry point enforces it.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ReadableStream as NodeReadableStream } from "node:stream/web";
import { type SnapshotReader } from "~reporting/index";
import { downloadResponse } from "~reporting/render/download";
import {
  copyLiquidacionCsv,
  LIQUIDACION_CSV_HEADER,
  liquidacionCount,
  liquidacionRows,
  type LiquidacionFilter,
  type LiquidacionRow,
} from "~reporting/index";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/lib/audit.server";
import { fromSnapshot, openForDownload } from "~/modules/reporting/snapshot.server";
import {
  CSV_FILENAME,
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

// ---- CSV (docs/decisions/015, 041): UTF-8 with BOM, ';', CRLF, header = the spec's field names ------------------

const BOM = "\uFEFF";
const READ_CHUNK = 64 * 1024;

/** A fresh temporary file name for one export (removed by the stream that sends it). */
function tempCsvPath(): string {
  return path.join(os.tmpdir(), `osep-liquidacion-${process.pid}-${randomUUID()}.csv`);
}

/**
 * The answer's bytes: the BOM and the header, then the records DuckDB wrote into `file`, read on demand in 64 KiB
 * chunks. `file` (if any) is removed once, when the stream ends, fails or is cancelled (even before its first read).
 */
function csvFileStream(file: string | null): ReadableStream<Uint8Array> {
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield new TextEncoder().encode(BOM + LIQUIDACION_CSV_HEADER);
    if (!file) return;
    const handle = await fs.promises.open(file, "r");
    try {
      for (;;) {
        const buffer = new Uint8Array(READ_CHUNK);
        const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, null);
        if (bytesRead === 0) return;
        yield bytesRead === READ_CHUNK ? buffer : buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  }
  const remove = () => {
    if (file) fs.rmSync(file, { force: true });
  };
  // the platform's stream over an async iterable pulls the next chunk only when the reader asks for it
  return NodeReadableStream.from(finallyOnce(chunks(), remove)) as ReadableStream<Uint8Array>;
}

/**
 * The CSV of `filter` as a byte stream: DuckDB writes the records into a temporary file (os.tmpdir(), a unique
 * name), which is then streamed after the BOM and the header and removed. No audit entry here (liquidacionCsv
 * records it; the bench calls this directly). The reader is needed only until this resolves.
 */
export async function liquidacionCsvBody(
  reader: SnapshotReader,
  filter: LiquidacionFilter | null,
): Promise<ReadableStream<Uint8Array>> {
  if (!filter) return csvFileStream(null);
  const file = tempCsvPath();
  try {
    await copyLiquidacionCsv(reader, filter, file);
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
  return csvFileStream(file);
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
 * the file DuckDB wrote, streamed. X-Datos-Al is the build time of the snapshot the file was written from (the
 * snapshot is given back as soon as the file is written, before the client reads it).
 */
export async function liquidacionCsv(
  user: UsuarioResponsable & AuditActor,
  q: LiquidacionQuery,
  via: "csv" | "api",
): Promise<{ ok: true; response: Response } | LiquidacionFailure> {
  const a = access(user, q);
  if (!a.ok) return a;
  const opened = await openForDownload();
  if (!opened.ok) return opened;
  const { snapshot } = opened;
  let body: ReadableStream<Uint8Array>;
  try {
    await auditLiquidacionExport(user, q, via);
    body = await liquidacionCsvBody(snapshot, a.filter);
  } finally {
    snapshot.release();
  }
  const response = downloadResponse("csv", CSV_FILENAME, body, {
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
