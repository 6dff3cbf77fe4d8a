// The server log never prints a statement's values (ADR 045): a real database error whose parameters hold a DNI,
// written by Remix's error log (entry.server handleError) and by errorSummary, names the statement but not the DNI.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { handleError } from "~/entry.server";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { errorSummary, loggableError } from "./log-safe.server";

const DNI = "23652168";
let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
});
afterAll(async () => t?.cleanup());

async function dbError(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error("the statement did not fail");
}

describe("a database error in the log", () => {
  test("division by zero with a DNI parameter: the statement's text, its code, never the DNI", async () => {
    const e = await dbError(() => t.db.execute(sql`select numdoc from afiliados where numdoc = ${DNI} or 1 / 0 = 1`));
    expect(String((e as Error).message)).toContain(DNI); // Drizzle's own message has it: that is what must not leak
    for (const text of [loggableError(e), errorSummary(e)]) {
      expect(text).not.toContain(DNI);
      expect(text).not.toContain("params");
      expect(text).toContain("select numdoc from afiliados where numdoc = $1");
      expect(text).toContain("code=22012");
    }
  });

  test("a value quoted in the message (invalid input for a type) is blanked", async () => {
    const e = await dbError(() => t.db.execute(sql`select ${`x${DNI}`}::int`));
    expect(loggableError(e)).not.toContain(DNI);
    expect(loggableError(e)).toContain("code=22P02");
  });

  test("Remix's error log (handleError) writes the statement without its values", async () => {
    const e = await dbError(() => t.db.execute(sql`select numdoc from afiliados where numdoc = ${DNI} or 1 / 0 = 1`));
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      handleError(e, { request: new Request("http://localhost/x"), params: {}, context: {} });
      const written = spy.mock.calls.flat().map(String).join("\n");
      expect(written).toContain("consulta fallida");
      expect(written).not.toContain(DNI);
    } finally {
      spy.mockRestore();
    }
  });
});
