// The DB-alone ceiling of bench:api must send what the app sends: its copied statements answer, on a real database,
// what userForToken and searchPadron answer; the pgbench script turns their $n into variables and picks sampled DNIs.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createSession, userForToken } from "~/auth/sessions.server";
import { tokenHash } from "~/auth/tokens.server";
import { searchPadron } from "~/modules/afiliados/padron.server";
import { getDriver } from "~db/client.server";
import { addMembers } from "~tests/support/ficha-fixture";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import {
  findPgbench,
  logLatencies,
  pgbenchScripts,
  searchQuery,
  sessionQuery,
  withVariables,
} from "~scripts/bench/api/ceiling";

describe("the pgbench script", () => {
  test("$n become the named variables, $1 and $10 apart", () => {
    const names = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    expect(withVariables("select $1, $10 where x = $2", names)).toBe("select :v1, :v10 where x = :v2;");
  });

  test("the lookup is the session statement then the search, the DNI the k-th of the sample", () => {
    const hash = tokenHash("a".repeat(43));
    const { lookup, searchOnly, variables } = pgbenchScripts(hash, ["30111222", "123"]);
    const lines = lookup.trimEnd().split("\n");
    expect(lines[0]).toBe("\\set k random(1, 2)");
    expect(lines[1]).toBe("\\set dni case when :k = 1 then 30111222 when :k = 2 then 123 end");
    const statements = lookup.split(";").filter((s) => s.trim());
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain(withVariables(sessionQuery(hash).sql, ["tokenhash", "kind"]).slice(0, -1));
    expect(statements[1]).toContain(withVariables(searchQuery("1").sql, ["dni", "lim"]).slice(0, -1));
    expect(searchOnly).not.toContain("sesiones");
    expect(variables).toEqual({ tokenhash: hash, kind: "api", lim: "51" });
  });

  test.each([[["0301"]], [["12a"]], [["1234567890"]], [[]]])("refuses the sample %j (not a pgbench number)", (dnis) => {
    expect(() => pgbenchScripts("h", dnis)).toThrow("DNIs de muestra inválidos");
  });

  test("latencies from pgbench -l lines (µs → ms), blank lines skipped", () => {
    expect(logLatencies(["0 1 1500 0 1732460000 123\n1 1 250 0 1732460000 456\n", "\n3 9 10 0 1 2\n"])).toEqual([
      1.5, 0.25, 0.01,
    ]);
  });

  test("pgbench of the newest Debian PostgreSQL, else the one on PATH", () => {
    expect(findPgbench("/nonexistent")).toBe("pgbench");
  });
});

/** The rows of a statement as arrays (the session statement has two columns named id and two named coalesce). */
async function arrayRows(text: string, params: unknown[]): Promise<unknown[][]> {
  const d = await getDriver();
  if (d.kind === "pg") return (await d.pool.query({ text, values: params, rowMode: "array" })).rows as unknown[][];
  return (await d.pglite.query<unknown[]>(text, params, { rowMode: "array" })).rows;
}

describe("the copied statements answer what the app answers", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await useTestDatabase();
    await addMembers("30111222", "30111223");
  });
  afterAll(() => t.cleanup());

  test("the session statement: the user, the profile's screens and operations of userForToken", async () => {
    const [admin] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
    const token = await createSession(admin.id, "api");
    const user = await userForToken(token, "api");
    const q = sessionQuery(tokenHash(token));
    const rows = await arrayRows(q.sql, q.params);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toHaveLength(15);
    expect(row[7]).toBe(user!.usuario);
    expect(row[13]).toEqual(user!.allowed_screen);
    expect(row[14]).toEqual(user!.allowed_operation);
    expect(user!.allowed_operation.length).toBeGreaterThan(0);
    const other = sessionQuery(tokenHash("b".repeat(43)));
    expect(await arrayRows(other.sql, other.params)).toHaveLength(0);
  });

  test("the search statement: the rows of searchPadron('dni'), every field", async () => {
    const found = await searchPadron("dni", "30111222");
    const q = searchQuery("30111222");
    const rows = await sqlRows<Record<string, unknown>>(q.sql, q.params);
    expect(found.ok && found.rows.length).toBe(1);
    expect(rows.map((r) => r.idafi)).toEqual(found.ok ? found.rows.map((r) => r.idafi) : []);
    expect(Object.keys(rows[0]).sort()).toEqual(Object.keys(found.ok ? found.rows[0] : {}).sort());
  });
});
