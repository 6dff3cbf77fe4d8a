// The checks of a feed file before anything reaches the database: its name, that it is text, not empty, not truncated,
// in the encoding its name says (or the one detected), with a header of the table's columns. Each refusal is one
// Spanish sentence; nothing of a refused file applies.
import type { FileScan } from "./files.server";
import { parseHeader } from "./files.server";
import { checkHeader, feedColumns, type FeedColumn } from "./columns";
import { parseFeedFileName, type FeedEncoding, type FeedModo } from "./rules";
import type { FeedTable } from "./tables";

export type CheckedFile = {
  ft: FeedTable;
  modo: FeedModo;
  encoding: FeedEncoding;
  /** As feed_importaciones.codificacion records it: 'utf-8', 'windows-1252 (detectada)'. */
  codificacion: string;
  header: string[];
  all: FeedColumn[];
  /** Where the records start (after BOM and header). */
  start: number;
};

export type FileVerdict =
  | { ok: true; file: CheckedFile }
  | { ok: false; msg: string; tabla: string | null; modo: FeedModo | null; codificacion: string | null };

function encodingOf(
  named: FeedEncoding | null,
  scan: FileScan,
): { ok: true; encoding: FeedEncoding; codificacion: string } | { ok: false; msg: string } {
  if (named === "utf-8" && !scan.utf8) {
    return {
      ok: false,
      msg: "Codificación incorrecta: el nombre dice UTF-8 pero el archivo no es UTF-8 válido (¿es Windows-1252? nómbrelo .cp1252.csv)",
    };
  }
  if (named) return { ok: true, encoding: named, codificacion: named };
  const encoding: FeedEncoding = scan.utf8 ? "utf-8" : "windows-1252";
  return { ok: true, encoding, codificacion: `${encoding} (detectada)` };
}

/** The verdict on a scanned file named `fileName`. */
export function checkFile(fileName: string, scan: FileScan): FileVerdict {
  const name = parseFeedFileName(fileName);
  if (!name.ok) return { ok: false, msg: name.msg, tabla: null, modo: null, codificacion: null };
  const refuse = (msg: string, codificacion: string | null = null): FileVerdict => ({
    ok: false,
    msg,
    tabla: name.table.name,
    modo: name.modo,
    codificacion,
  });
  if (scan.bytes === 0) return refuse("El archivo está vacío: falta la fila de encabezado");
  if (scan.nul)
    return refuse("El archivo no es un CSV de texto: contiene bytes nulos (¿es un archivo binario o comprimido?)");
  if (!scan.endsWithNewline) {
    return refuse("El archivo está truncado: no termina con un fin de línea (¿se cortó la transferencia?)");
  }
  const enc = encodingOf(name.encoding, scan);
  if (!enc.ok) return refuse(enc.msg);
  if (!scan.headerBytes)
    return refuse("El archivo no es un CSV válido: la fila de encabezado no termina", enc.codificacion);
  const header = parseHeader(scan.headerBytes, enc.encoding);
  if (!header.ok) return refuse(`El archivo no es un CSV válido: ${header.msg}`, enc.codificacion);
  const all = feedColumns(name.table);
  const verdict = checkHeader(header.columns, all, name.modo);
  if (!verdict.ok) return refuse(`${verdict.msg} (tabla ${name.table.name})`, enc.codificacion);
  return {
    ok: true,
    file: {
      ft: name.table,
      modo: name.modo,
      encoding: enc.encoding,
      codificacion: enc.codificacion,
      header: header.columns,
      all,
      start: (scan.bom ? 3 : 0) + scan.headerBytes.length,
    },
  };
}
