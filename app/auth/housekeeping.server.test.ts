// Issue 26 item 7 (ADR 045): the scheduler's housekeeping deletes sessions that ended more than a day ago and failed
// password guesses older than the day the throttle remembers; live sessions, recent ends and recent failures stay.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { scheduledJobs } from "~/background.server";
import { purgeAuthRows, runHousekeeping } from "./housekeeping.server";

const NOW = new Date("2026-11-27T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();
let t: TestDb;

async function session(label: string, created: number, expires: number, revoked: number | null): Promise<void> {
  const [{ id }] = await sqlRows<{ id: number }>("select id from us_usuarios where usuario = 'admin'");
  await sqlRows(
    `insert into sesiones (token_hash, usuario_id, kind, created_at, last_seen_at, expires_at, revoked_at)
     values ($1, $2, 'api', $3, $3, $4, $5)`,
    [label, id, hoursAgo(created), hoursAgo(expires), revoked === null ? null : hoursAgo(revoked)],
  );
}

beforeAll(async () => {
  t = await useTestDatabase();
});
afterAll(async () => t?.cleanup());

describe("purgeAuthRows", () => {
  test("drops what ended over a day ago, keeps the rest", async () => {
    await sqlRows("delete from sesiones");
    await sqlRows("delete from login_intentos");
    await session("expirada-hace-2-dias", 60, 48, null);
    await session("revocada-hace-30-horas", 36, -10, 30);
    await session("revocada-hace-1-hora", 5, -7, 1);
    await session("expirada-hace-3-horas", 15, 3, null);
    await session("viva", 1, -11, null);
    for (const [usuario, h] of [
      ["viejo", 25],
      ["viejo", 48],
      ["reciente", 2],
      ["reciente", 23],
    ] as const)
      await sqlRows("insert into login_intentos (usuario, address, at) values ($1, '10.0.0.1', $2)", [
        usuario,
        hoursAgo(h),
      ]);

    expect(await purgeAuthRows(NOW)).toEqual({ sesiones: 2, intentos: 2 });
    const left = (await sqlRows<{ token_hash: string }>("select token_hash from sesiones order by token_hash")).map(
      (r) => r.token_hash,
    );
    expect(left).toEqual(["expirada-hace-3-horas", "revocada-hace-1-hora", "viva"]);
    expect(await sqlOne("select count(*) from login_intentos where usuario = 'reciente'")).toBe(2);
    expect(await sqlOne("select count(*) from login_intentos")).toBe(2);
    // nothing more to do the second time
    expect(await purgeAuthRows(NOW)).toEqual({ sesiones: 0, intentos: 0 });
  });

  test("a background job runs it: hourly by default, in the process that owns the schedule", async () => {
    const job = scheduledJobs({ embedded: true }).find((j) => j.name === "mantenimiento-sesiones")!;
    expect(job.schedule).toBe("25 * * * *");
    await session("vieja-para-el-job", 80, 72, null);
    await runHousekeeping(); // now: the row ended three days ago
    expect(await sqlOne("select count(*) from sesiones where token_hash = 'vieja-para-el-job'")).toBe(0);
  });
});
