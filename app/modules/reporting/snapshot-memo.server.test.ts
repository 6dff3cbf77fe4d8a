// The memo of a read per snapshot (ADR 074) on a real snapshot of the hand-built audits: Tiempos de Auditoría's
// statistics answered from the memo are the rows a fresh read gives; a new snapshot is read again, never served the
// old entry; a few entries per read, the least recently used out first.
import { beforeAll, afterAll, describe, expect, test } from "vitest";
import { estadisticasGenerales } from "~/modules/estadisticas/auditoria.server";
import { refreshSnapshot } from "~reporting/index";
import { DESDE, DIA_UNA_AUDITORIA, DIA_UNA_DIA_ANTERIOR, HASTA } from "~tests/support/auditoria-fixture";
import { insertAuditoriaFixture, insertAuditoriasSueltas } from "~tests/support/auditoria-fixture";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { memoPerSnapshot } from "./snapshot-memo.server";
import { fromSnapshot } from "./snapshot.server";

let t: TestDb;
const periodo = { fecha_desde: DESDE, fecha_hasta: HASTA, auditor: null };
const abril = { fecha_desde: DIA_UNA_AUDITORIA, fecha_hasta: DIA_UNA_DIA_ANTERIOR, auditor: null };

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await insertAuditoriaFixture();
  await refreshSnapshot();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const auditores = (r: Awaited<ReturnType<typeof estadisticasGenerales>>) =>
  r.ok ? r.value.estadisticas.map((e) => [e.auditor, e.datos.cantidad_autorizaciones]) : r.msg;

describe("estadisticasGenerales, memoised per snapshot", () => {
  test("the second read of a period is the first one's answer, and the same rows as a fresh read", async () => {
    estadisticasGenerales.forget();
    const first = await estadisticasGenerales(periodo);
    const again = await estadisticasGenerales({ ...periodo });
    expect(again).toBe(first); // served from the memo
    estadisticasGenerales.forget();
    const fresh = await estadisticasGenerales(periodo);
    expect(fresh).not.toBe(first);
    expect(fresh).toEqual(first);
    expect(auditores(first)).toEqual([
      ["equipo", 14],
      ["AUDT1", 8],
      ["AUDT2", 4],
      ["AUDT3", 2],
    ]);
  });

  test("another auditor or period is another entry", async () => {
    const all = await estadisticasGenerales(periodo);
    const one = await estadisticasGenerales({ ...periodo, auditor: "AUDT2" });
    expect(auditores(one)).toEqual([["AUDT2", 4]]);
    expect(await estadisticasGenerales(periodo)).toBe(all);
  });

  test("a new snapshot is read again: the old entry is not served", async () => {
    const before = await estadisticasGenerales(abril);
    expect(auditores(before)).toEqual([]);
    expect(await estadisticasGenerales(abril)).toBe(before);
    const old = await estadisticasGenerales(periodo);
    await insertAuditoriasSueltas();
    await refreshSnapshot();
    const after = await estadisticasGenerales(abril);
    expect(auditores(after)).toEqual([
      ["equipo", 2],
      ["AUDT4", 1],
      ["AUDT5", 1],
    ]);
    const same = await estadisticasGenerales(periodo);
    expect(same).not.toBe(old); // another snapshot, another read …
    expect(same.ok && same.value).toEqual(old.ok && old.value); // … of the same rows
  });
});

describe("memoPerSnapshot", () => {
  test("keeps a few entries, the least recently used out first", async () => {
    const reads: number[] = [];
    const memo = memoPerSnapshot(
      (n: number) =>
        fromSnapshot(async (reader) => {
          reads.push(n);
          return (await reader.all<{ n: number }>("SELECT $n::INTEGER AS n", { n }))[0].n;
        }),
      (n) => String(n),
      3,
    );
    for (const n of [1, 2, 3]) await memo(n);
    await memo(1); // 1 used again: 2 is now the oldest
    await memo(4); // 2 out
    expect(reads).toEqual([1, 2, 3, 4]);
    expect(await memo(1)).toMatchObject({ ok: true, value: 1 });
    expect(await memo(3)).toMatchObject({ ok: true, value: 3 });
    expect(reads).toEqual([1, 2, 3, 4]);
    await memo(2);
    expect(reads).toEqual([1, 2, 3, 4, 2]);
  });

  test("a failed read is not kept", async () => {
    let calls = 0;
    const memo = memoPerSnapshot(
      () =>
        fromSnapshot(async () => {
          calls++;
          if (calls === 1) throw new Error("falla de prueba");
          return calls;
        }),
      () => "k",
    );
    await expect(memo(0)).rejects.toThrow("falla de prueba");
    expect(await memo(0)).toMatchObject({ ok: true, value: 2 });
    expect(await memo(0)).toMatchObject({ ok: true, value: 2 });
  });
});
