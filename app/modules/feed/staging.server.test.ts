// COPY's errors decided on their SQLSTATE (issue 37's review): a file COPY cannot read is the file's fault (CsvError,
// refused with a Spanish reason and its line), anything else is not; a server speaking Spanish still gets the line.
import { describe, expect, test } from "vitest";
import { CsvError, csvError } from "./staging.server";

const copyError = (code: string, message: string, where = "COPY feed_stage_1, line 3") =>
  Object.assign(new Error(message), { code, where });

describe("csvError", () => {
  test.each([
    ["22P04", 'missing data for column "apeynom"', "faltan campos en la fila (no llega a la columna apeynom)"],
    ["22P04", "extra data after last expected column", "sobran campos en la fila"],
    ["22P04", "unterminated CSV quoted field", "comillas sin cerrar"],
    ["22P04", "literal newline found in data", "fin de línea inesperado dentro de la fila"],
    ["22021", 'invalid byte sequence for encoding "UTF8": 0xe1 0x20', "contiene bytes que no son texto"],
    ["22P05", "character with byte sequence 0x81 has no equivalent", "contiene bytes que no son texto"],
  ])("%s %s → %s, the file's line", (code, message, reason) => {
    const e = csvError(copyError(code, message), 1);
    expect(e).toBeInstanceOf(CsvError);
    expect(e).toMatchObject({ reason, line: 4 });
  });

  test("a message in another language: the SQLSTATE decides, one reason for the format, the line still read", () => {
    const e = csvError(copyError("22P04", "faltan datos en la columna «apeynom»", "COPY feed_stage_1, línea 7"), 1);
    expect(e).toMatchObject({
      reason:
        "la fila no se puede leer (campos de más o de menos, comillas sin cerrar o un fin de línea dentro de un campo)",
      line: 8,
    });
  });

  test("another error during COPY (a message that looks like a format one, another SQLSTATE) is not the file's", () => {
    const other = copyError("53100", "could not extend file: No space left on device; missing data for column");
    expect(csvError(other, 1)).toBe(other);
    const plain = new Error("extra data after last expected column");
    expect(csvError(plain, 1)).toBe(plain);
  });
});
