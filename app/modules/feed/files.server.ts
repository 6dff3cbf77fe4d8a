// Reading a feed file once, streaming: its SHA-256 and size, whether it is valid UTF-8 (the encoding decision),
// whether it ends with a newline (else it is truncated) and its header row (csv-parse). Nothing is held whole.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { isUtf8 } from "node:buffer";
import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import type { FeedEncoding } from "./rules";

export type FileScan = {
  bytes: number;
  sha256: string;
  /** Every byte sequence is valid UTF-8 (a BOM allowed). */
  utf8: boolean;
  bom: boolean;
  nul: boolean;
  endsWithNewline: boolean;
  /** The header row's raw bytes (up to and including its line end), BOM excluded; null when no line end was found. */
  headerBytes: Buffer | null;
};

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A header longer than this is not a feed header. */
const MAX_HEADER_BYTES = 64 * 1024;

/** How many bytes at the end of `buf` start a UTF-8 sequence the next chunk completes. */
function incompleteTail(buf: Buffer): number {
  for (let back = 1; back <= Math.min(3, buf.length); back++) {
    const b = buf[buf.length - back];
    if ((b & 0xc0) === 0x80) continue; // continuation byte: look further back
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/** The end of the first record (index after its '\n'), honouring quotes; -1 when not in `buf`. */
function headerEnd(buf: Buffer): number {
  let quoted = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (b === 0x22) quoted = !quoted;
    else if (b === 0x0a && !quoted) return i + 1;
  }
  return -1;
}

export async function scanFile(file: string): Promise<FileScan> {
  const hash = createHash("sha256");
  let bytes = 0;
  let utf8 = true;
  let nul = false;
  let carry = Buffer.alloc(0);
  let head = Buffer.alloc(0);
  let last = -1;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
    last = chunk[chunk.length - 1];
    if (!nul && chunk.includes(0)) nul = true;
    if (head.length < MAX_HEADER_BYTES && headerEnd(head) < 0)
      head = Buffer.concat([head, chunk.subarray(0, MAX_HEADER_BYTES)]);
    if (utf8) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const tail = incompleteTail(buf);
      utf8 = isUtf8(buf.subarray(0, buf.length - tail));
      carry = Buffer.from(buf.subarray(buf.length - tail));
    }
  }
  if (carry.length) utf8 = false;
  const bom = head.subarray(0, 3).equals(BOM);
  const body = bom ? head.subarray(3) : head;
  const end = headerEnd(body);
  return {
    bytes,
    sha256: hash.digest("hex"),
    utf8,
    bom,
    nul,
    endsWithNewline: last === 0x0a,
    headerBytes: end < 0 ? null : Buffer.from(body.subarray(0, end)),
  };
}

/** The header's column names (trimmed, lower case), or a Spanish reason it cannot be read. */
export function parseHeader(
  raw: Buffer,
  encoding: FeedEncoding,
): { ok: true; columns: string[] } | { ok: false; msg: string } {
  const text = encoding === "utf-8" ? raw.toString("utf8") : iconv.decode(raw, "win1252");
  try {
    const rows = parse(text, { delimiter: ";", quote: '"', relax_column_count: false }) as string[][];
    const columns = (rows[0] ?? []).map((c) => c.trim().toLowerCase());
    if (!columns.length || columns.every((c) => c === ""))
      return { ok: false, msg: "la fila de encabezado está vacía" };
    return { ok: true, columns };
  } catch (e) {
    return { ok: false, msg: `la fila de encabezado no se puede leer (${e instanceof Error ? e.message : String(e)})` };
  }
}
