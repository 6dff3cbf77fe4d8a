// The live grid's listener and fan-out on a real database (PGlite here, PostgreSQL with DATABASE_URL): the trigger of
// migration 0009 notifies each committed change of a slot (assignment, status change, delete) with its grid, a
// rolled-back one notifies nothing, and only the grid's subscribers hear it. On PostgreSQL: a second, independent
// listener (another process's) hears the same commit, and killing the listening connection (pg_terminate_backend)
// brings a resync and then the next commit. No timing: each test waits for the event it expects (ADR 052).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionUser } from "~/auth/sessions.server";
import { sqlOne, type TestDb } from "~tests/support/db";
import { asignado, deskUser, DIA, NOW, OPS_ALL, turnoBody, useTurnosDatabase } from "~tests/support/turnos-fixture";
import { asignarTurno } from "~/modules/turnos/asignar.server";
import { cambiarEstado } from "~/modules/turnos/estado.server";
import { getDb } from "~db/client.server";
import { sql } from "drizzle-orm";
import { subscribe, subscriberCount, type AvisoDeGrilla, type CambioDeGrilla } from "./fanout.server";
import { CANAL_TURNOS, startLiveListener, stopLiveListener } from "./listener.server";

let t: TestDb;
let idafi: Record<string, number>;
let desk: SessionUser;

beforeAll(async () => {
  let adminId: number;
  ({ t, idafi, adminId } = await useTurnosDatabase());
  desk = deskUser(adminId, OPS_ALL);
  await startLiveListener();
});
afterAll(async () => {
  await stopLiveListener();
  await t?.cleanup();
});

const REINTEGROS: CambioDeGrilla = { tipo_tramite: "REINTEGROS", fecha_turno: DIA };
const OTRO_DIA: CambioDeGrilla = { tipo_tramite: "REINTEGROS", fecha_turno: "2030-03-05" };

/** A subscriber that records what it hears; `next()` resolves at the next aviso. */
function oyente(grilla: CambioDeGrilla) {
  const heard: AvisoDeGrilla[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = subscribe(grilla, (a) => {
    heard.push(a);
    wake?.();
  });
  const next = (kind: AvisoDeGrilla["kind"] = "cambio") =>
    new Promise<void>((resolve) => {
      const seen = heard.filter((a) => a.kind === kind).length;
      wake = () => heard.filter((a) => a.kind === kind).length > seen && resolve();
    });
  return { heard, next, unsubscribe };
}

const assign = (hora: string, puesto: number, over: Record<string, unknown> = {}) =>
  asignarTurno(turnoBody(idafi["30400001"], hora, puesto, over), desk, NOW);

describe("the trigger and the fan-out", () => {
  test("an assignment and a status change reach the grid's subscribers, not another grid's", async () => {
    const a = oyente(REINTEGROS);
    const b = oyente(OTRO_DIA);
    let heard = a.next();
    const turno = asignado(await assign("08:00", 1));
    await heard;
    heard = a.next();
    asignado(await cambiarEstado({ id: turno.id, estado_turno: "CONFIRMADO", version: turno.version }, desk));
    await heard;
    const other = b.next();
    asignado(await assign("08:00", 1, { fecha_turno: OTRO_DIA.fecha_turno }));
    await other;
    expect(a.heard).toEqual([{ kind: "cambio" }, { kind: "cambio" }]);
    expect(b.heard).toEqual([{ kind: "cambio" }]);
    a.unsubscribe();
    b.unsubscribe();
    expect(subscriberCount()).toBe(0);
  });

  test("a rolled-back write notifies nothing; a delete notifies", async () => {
    const a = oyente(REINTEGROS);
    const db = await getDb();
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE turnos SET observacion = 'x' WHERE tipo_tramite = 'REINTEGROS' AND fecha_turno = ${DIA}`,
        );
        throw new Error("rollback");
      })
      .catch(() => undefined);
    const heard = a.next();
    await db.execute(sql`DELETE FROM turnos WHERE tipo_tramite = 'REINTEGROS' AND fecha_turno = ${DIA}`);
    await heard;
    expect(a.heard).toEqual([{ kind: "cambio" }]); // the delete's only: the rolled-back update sent nothing
    expect(await sqlOne("SELECT count(*) FROM turnos WHERE fecha_turno = $1", [DIA])).toBe(0);
    a.unsubscribe();
  });

  test("the payload names the grid only (no member data)", async () => {
    const payloads: string[] = [];
    const driverUrl = process.env.DATABASE_URL;
    if (!driverUrl) {
      const { getDriver } = await import("~db/client.server");
      const d = await getDriver();
      if (d.kind !== "pglite") throw new Error("expected PGlite");
      let done: () => void = () => undefined;
      const got = new Promise<void>((r) => (done = r));
      const unlisten = await d.pglite.listen(CANAL_TURNOS, (p) => {
        payloads.push(p);
        done();
      });
      asignado(await assign("08:20", 2));
      await got;
      await unlisten();
    } else {
      const other = await listenerClient(driverUrl, (p) => payloads.push(p));
      const got = new Promise<void>((r) => other.on("notification", () => r()));
      asignado(await assign("08:20", 2));
      await got;
      await other.end();
    }
    expect(JSON.parse(payloads[0])).toEqual({ tipo_tramite: "REINTEGROS", fecha_turno: DIA });
  });
});

async function listenerClient(url: string, onPayload: (p: string) => void): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  c.on("notification", (n) => onPayload(n.payload ?? ""));
  await c.query(`LISTEN ${CANAL_TURNOS}`);
  return c;
}

describe.skipIf(!process.env.DATABASE_URL)("on PostgreSQL", () => {
  test("two independent listeners (two processes' connections) hear one commit", async () => {
    const a = oyente(REINTEGROS);
    const otherHeard: string[] = [];
    const other = await listenerClient(process.env.DATABASE_URL!, (p) => otherHeard.push(p));
    const otherGot = new Promise<void>((r) => other.on("notification", () => r()));
    const heard = a.next();
    asignado(await assign("08:40", 1));
    await Promise.all([heard, otherGot]);
    expect(otherHeard).toHaveLength(1);
    await other.end();
    a.unsubscribe();
  });

  test("the listening connection killed: the subscribers resync, and the next commit is heard", async () => {
    const a = oyente(REINTEGROS);
    const resync = a.next("resync");
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'osep-turnos-live' AND datname = current_database()",
    );
    await admin.end();
    expect(killed.rows).toEqual([{ ok: true }]);
    await resync;
    const heard = a.next();
    asignado(await assign("09:00", 1));
    await heard;
    expect(a.heard.map((x) => x.kind)).toEqual(["resync", "cambio"]);
    a.unsubscribe();
  });
});
