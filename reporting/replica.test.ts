// `npm test` starts a streaming replica of the test PostgreSQL (pg_basebackup -R, scripts/test-postgres.sh) and sets
// TEST_READ_REPLICA_URL: a refresh must read from the replica, and see rows written to the primary a moment before.
// Without a replica (vitest alone, or a DATABASE_URL given without one) there is nothing to show: a missing
// prerequisite (tests/support/prerequisite.ts).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { prerequisite } from "~tests/support/prerequisite";
import { refreshSnapshot, withSnapshot } from "./index";

const replica = process.env.TEST_READ_REPLICA_URL;

const runs = prerequisite(
  "refresh from a streaming replica",
  replica ? null : "TEST_READ_REPLICA_URL (a streaming replica; npm test starts one)",
);

describe.runIf(runs)("refresh from a streaming replica", () => {
  let t: TestDb;

  beforeAll(async () => {
    t = await useTestDatabase({ users: false });
  });

  afterAll(async () => {
    await t.cleanup();
  });

  test("reads the replica (a standby) and sees a row written to the primary just before", async () => {
    expect(process.env.READ_REPLICA_URL).toBeTruthy();
    expect(process.env.READ_REPLICA_URL).not.toBe(process.env.DATABASE_URL);
    const [{ r }] = await sqlRows<{ r: boolean }>("select pg_is_in_recovery() as r");
    expect(r).toBe(false); // the test writes to the primary

    await sqlRows(
      `insert into autorizaciones (nroautorizacion, practica, autorizo, modalidad, fecha) values (987654321, '420101', 'AUTORIZADA', 'PREVIA', '2026-03-02')`,
    );
    const info = await refreshSnapshot();
    expect(info.source_is_replica).toBe(true);
    expect(info.source).toBe(
      `postgres://${new URL(replica!).hostname}:${new URL(replica!).port}/${new URL(process.env.DATABASE_URL!).pathname.slice(1)}`,
    );
    const rows = await withSnapshot((q) =>
      q.all<{ n: number }>("select count(*)::INTEGER n from autorizaciones where nroautorizacion = 987654321"),
    );
    expect(rows[0].n).toBe(1);
  });
});
