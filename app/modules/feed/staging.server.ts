// COPY of a feed file into its staging table: a TEMP table of the run's session, every column text, plus `linea`
// (the record's number, from an identity: the file's line is linea + 1, the header being line 1). The bytes after the
// header go through as they are (UTF-8) or transcoded from Windows-1252 with iconv-lite on the way. PGlite receives
// them in chunks that each end at a record boundary (a newline outside quotes).
import fs from "node:fs";
import { Transform, type Readable } from "node:stream";
import iconv from "iconv-lite";
import { pgCode } from "~db/errors";
import { quoteIdent } from "./columns";
import type { FeedEncoding } from "./rules";
import type { Session } from "./session.server";

/** A file COPY could not read: the Spanish reason and the file's line. */
export class CsvError extends Error {
  constructor(
    readonly reason: string,
    readonly line: number | null,
  ) {
    super(`El archivo no es un CSV válido: ${reason}${line ? ` (línea ${line})` : ""}`);
    this.name = "CsvError";
  }
}

export type Staged = { table: string; columns: string[]; rows: number };

const CHUNK_BYTES = 4 << 20;

function transcoder(): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, Buffer.from(iconv.decode(chunk, "win1252"), "utf8"));
    },
  });
}

/** Re-chunks a byte stream at record boundaries (PGlite runs one COPY per chunk). */
function recordChunker(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  let quoted = false;
  let scanned = 0; // bytes of carry already scanned for quotes
  let lastCut = -1;
  const emit = (t: Transform, buf: Buffer) => t.push(buf);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      carry = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      for (let i = scanned; i < carry.length; i++) {
        const b = carry[i];
        if (b === 0x22) quoted = !quoted;
        else if (b === 0x0a && !quoted) lastCut = i + 1;
      }
      scanned = carry.length;
      if (carry.length >= CHUNK_BYTES && lastCut > 0) {
        emit(this, carry.subarray(0, lastCut));
        carry = Buffer.from(carry.subarray(lastCut));
        scanned -= lastCut;
        lastCut = -1;
      }
      done();
    },
    flush(done) {
      if (carry.length) emit(this, carry);
      done();
    },
  });
}

/** SQLSTATE bad_copy_file_format: a record COPY cannot split into the file's columns. */
const BAD_COPY_FORMAT = "22P04";
/** SQLSTATEs character_not_in_repertoire and untranslatable_character: bytes that are not text in the encoding. */
const NOT_TEXT = new Set(["22021", "22P05"]);

/**
 * The Spanish reason for a COPY error, decided on its SQLSTATE. 22P04 covers four cases that PostgreSQL tells apart
 * only in its message (English unless the server's lc_messages says otherwise): the message names the case when it
 * can, else one reason covers the four.
 */
function copyReason(code: string, message: string): string {
  if (NOT_TEXT.has(code)) return "contiene bytes que no son texto";
  const missing = /missing data for column "([^"]+)"/.exec(message);
  if (missing) return `faltan campos en la fila (no llega a la columna ${missing[1]})`;
  if (/extra data after last expected column/.test(message)) return "sobran campos en la fila";
  if (/unterminated CSV quoted field/.test(message)) return "comillas sin cerrar";
  if (/literal (carriage return|newline)/.test(message)) return "fin de línea inesperado dentro de la fila";
  return "la fila no se puede leer (campos de más o de menos, comillas sin cerrar o un fin de línea dentro de un campo)";
}

/**
 * COPY's error as a CsvError (SQLSTATE 22P04, 22021 or 22P05) with the file's line (the header counts), or the error
 * itself for anything else (that is not the file's fault: an ERROR, nothing applied). The line is only in the error's
 * context ("COPY t, line 3", or localised: "línea 3").
 */
export function csvError(e: unknown, lineOffset: number): unknown {
  const code = pgCode(e);
  if (!code || (code !== BAD_COPY_FORMAT && !NOT_TEXT.has(code))) return e;
  const err = e as { message?: string; where?: string };
  const m = /\b(?:line|línea) (\d+)/.exec(err.where ?? "") ?? /\b(?:line|línea) (\d+)/.exec(err.message ?? "");
  return new CsvError(copyReason(code, err.message ?? ""), m ? Number(m[1]) + lineOffset : null);
}

export type StageInput = {
  file: string;
  /** Where the records start: after the BOM and the header. */
  start: number;
  encoding: FeedEncoding;
  columns: string[];
  name: string;
};

/** Creates the staging table and COPYs the file's records into it; CsvError when COPY cannot read the file. */
export async function stageFile(s: Session, input: StageInput): Promise<Staged> {
  const table = quoteIdent(input.name);
  const cols = input.columns.map(quoteIdent);
  await s.query(
    `CREATE TEMP TABLE ${table} (linea bigint GENERATED ALWAYS AS IDENTITY, ${cols.map((c) => `${c} text`).join(", ")})`,
  );
  let source: Readable = fs.createReadStream(input.file, { start: input.start, highWaterMark: 1 << 20 });
  if (input.encoding === "windows-1252") source = source.pipe(transcoder());
  if (s.kind === "pglite") source = source.pipe(recordChunker());
  const copySql = (from: string) =>
    `COPY ${table} (${cols.join(", ")}) FROM ${from} WITH (FORMAT csv, DELIMITER ';', QUOTE '"', NULL '')`;
  try {
    await s.copyIn(copySql, source);
  } catch (e) {
    // the header is line 1; on PGlite COPY counts from the failing chunk's first line (linesBefore: the chunks before)
    throw csvError(e, 1 + ((e as { linesBefore?: number }).linesBefore ?? 0));
  }
  const { rows } = await s.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
  return { table: input.name, columns: input.columns, rows: Number(rows[0].n) };
}
