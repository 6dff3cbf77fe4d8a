// The DuckDB status SQL agrees with the TypeScript rules on every edge (sentinel, NULL, today, past, future).
import { DuckDBInstance } from "@duckdb/node-api";
import { describe, expect, it } from "vitest";
import { coverageStatus, memberStatus } from "~/modules/afiliados/rules";
import { coberturaActivaSql, estadoSql } from "./afiliados-sql";

const TODAY = "2026-11-24";
const DATES = [null, "0001-01-01", "2026-11-23", TODAY, "2026-11-25"];

async function evaluate(sql: string, row: Record<string, string | null>): Promise<string | boolean> {
  const db = await DuckDBInstance.create(":memory:");
  const con = await db.connect();
  try {
    const cols = Object.entries(row)
      .map(([k, v]) => `${v === null ? "NULL" : `DATE '${v}'`}::DATE AS ${k}`)
      .join(", ");
    const r = await con.runAndReadAll(`SELECT ${sql} AS v FROM (SELECT ${cols}) a, (SELECT ${cols}) e`, {
      hoy: TODAY,
    });
    return r.getRowsJS()[0][0] as string | boolean;
  } finally {
    con.closeSync();
    db.closeSync();
  }
}

describe("member status in DuckDB SQL", () => {
  for (const fechbaja of DATES)
    for (const fechvto of DATES)
      it(`fechbaja ${fechbaja} fechvto ${fechvto}`, async () => {
        const expected = memberStatus({ fechbaja, fechvto }, TODAY).estado;
        expect(await evaluate(estadoSql("a"), { fechbaja, fechvto, enprfecbaj: null })).toBe(expected);
      });
});

describe("coverage status in DuckDB SQL", () => {
  for (const fechbaja of DATES)
    for (const enprfecbaj of DATES)
      it(`fechbaja ${fechbaja} enprfecbaj ${enprfecbaj}`, async () => {
        const expected = coverageStatus({ fechbaja, enprfecbaj }, TODAY) === "ACTIVA";
        expect(await evaluate(coberturaActivaSql("e", "a"), { fechbaja, fechvto: null, enprfecbaj })).toBe(expected);
      });
});
