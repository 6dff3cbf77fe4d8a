// The bulk writer keeps NULL and '' apart and survives quotes, commas, newlines and booleans, on either driver.
import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { execSql, getDb, getDriver } from "~db/client.server";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { Writer } from "./writer";

const probe = pgTable("writer_probe", {
  id: integer("id").primaryKey(),
  label: text("label"),
  flag: boolean("flag"),
});

let t: TestDb;
beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await execSql("create table writer_probe (id integer primary key, label text, flag boolean)");
});
afterAll(async () => t?.cleanup());

test("COPY round trip: NULL vs empty string, quotes, commas, newlines, backslashes, booleans", async () => {
  const rows: [number, string | null, boolean | null][] = [
    [1, null, null],
    [2, "", true],
    [3, 'PÉREZ, "EL TANO"', false],
    [4, "línea 1\nlínea 2\r\nfin", true],
    [5, "C:\\ruta\\archivo", false],
  ];
  const writer = new Writer(await getDriver());
  expect(await writer.load({ table: probe, columns: ["id", "label", "flag"], rows })).toBe(rows.length);
  const back = await (await getDb()).select().from(probe).orderBy(probe.id);
  expect(back.map((r) => [r.id, r.label, r.flag])).toEqual(rows);
});
