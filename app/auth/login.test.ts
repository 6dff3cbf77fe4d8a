import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { auditLog, loginIntentos, usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { BAD_CREDENTIALS, INACTIVE_USER, LoginError, checkCredentials } from "./login.server";
import { hashPassword } from "./password.server";
import { LoginSchema } from "./credentials.schema";

let t: TestDb;

/** Runs fn as a request coming from `address`. */
function from<T>(address: string, fn: () => Promise<T>): Promise<T> {
  return requestContext.run({ address, userAgent: "test", userId: null }, fn);
}

/** A sign-in attempt from an address; the LoginError when it fails. */
async function attempt(address: string, usuario: string, password: string, now?: Date) {
  try {
    return { ok: await from(address, () => checkCredentials({ usuario, password }, now)) } as const;
  } catch (e) {
    if (e instanceof LoginError) return { error: e } as const;
    throw e;
  }
}

async function failures(usuario: string, address?: string): Promise<number> {
  const cond = address
    ? and(eq(loginIntentos.usuario, usuario), eq(loginIntentos.address, address))
    : eq(loginIntentos.usuario, usuario);
  const [{ n }] = await t.db.select({ n: count() }).from(loginIntentos).where(cond);
  return n;
}

async function auditRows(accion: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.accion, accion));
}

/** Extra users (profile 2) so throttling one of them does not disturb the other tests. */
const PEOPLE = [
  "ana",
  "beto",
  "carla",
  "dora",
  "emilio",
  "fabiana",
  "gabriel",
  "hugo",
  "ines",
  "jorge",
  "karina",
  "luis",
  "mora",
];
const pw = (u: string) => `${u}-clave-1`;

beforeAll(async () => {
  t = await useTestDatabase();
  const hashes = await Promise.all(PEOPLE.map((u) => hashPassword(pw(u))));
  await t.db
    .insert(usUsuarios)
    .values(PEOPLE.map((u, i) => ({ apeynom: u.toUpperCase(), usuario: u, passwordHash: hashes[i], usPerfilId: 2 })));
});

afterAll(async () => {
  await t?.cleanup();
});

describe("checkCredentials", () => {
  test("good credentials succeed and are audited as 'login'", async () => {
    const r = await attempt("10.0.0.1", "admin", "admin");
    expect(r.ok).toMatchObject({ usuario: "admin", type_usr: 1 });
    const rows = (await auditRows("login")).filter((a) => a.usuarioId === r.ok!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ usuario: "admin", address: "10.0.0.1" });
    expect(await failures("admin")).toBe(0);
  });

  test("a wrong password: 401 'Usuario o contraseña incorrectos', a login_intentos row and a 'login.fallido' audit row", async () => {
    const before = (await auditRows("login.fallido")).length;
    const r = await attempt("10.0.0.2", "consulta", "equivocada");
    expect(r.error?.status).toBe(401);
    expect(r.error?.message).toBe("Usuario o contraseña incorrectos");
    expect(BAD_CREDENTIALS).toBe("Usuario o contraseña incorrectos");
    expect(await failures("consulta", "10.0.0.2")).toBe(1);
    const fallidos = await auditRows("login.fallido");
    expect(fallidos).toHaveLength(before + 1);
    expect(fallidos.at(-1)).toMatchObject({
      usuario: "consulta",
      address: "10.0.0.2",
      detalle: { usuario: "consulta" },
    });
    expect(fallidos.at(-1)!.usuarioId).not.toBeNull();
  });

  test("an unknown user takes the same path as a wrong password", async () => {
    const before = (await auditRows("login.fallido")).length;
    const r = await attempt("10.0.0.3", "nadie", "algo");
    expect(r.error?.status).toBe(401);
    expect(r.error?.message).toBe(BAD_CREDENTIALS);
    expect(await failures("nadie", "10.0.0.3")).toBe(1);
    const fallidos = await auditRows("login.fallido");
    expect(fallidos).toHaveLength(before + 1);
    expect(fallidos.at(-1)).toMatchObject({ usuarioId: null, address: "10.0.0.3", detalle: { usuario: "nadie" } });
  });

  test("SQL-looking input is just a wrong credential; nothing else happens", async () => {
    const [{ n: usersBefore }] = await t.db.select({ n: count() }).from(usUsuarios);
    for (const [u, p] of [
      ["' OR 1=1 --", "' OR 1=1 --"],
      ["admin' --", "x"],
      ["admin", "' OR '1'='1"],
    ]) {
      const input = LoginSchema.parse({ usuario: u, password: p });
      const r = await attempt("10.0.0.4", input.usuario, input.password);
      expect(r.error?.status).toBe(401);
      expect(r.error?.message).toBe(BAD_CREDENTIALS);
    }
    const [{ n: usersAfter }] = await t.db.select({ n: count() }).from(usUsuarios);
    expect(usersAfter).toBe(usersBefore);
    expect(await failures("' or 1=1 --")).toBe(1);
    // admin's failure from this address must not leave admin unable to sign in
    expect((await attempt("10.0.0.4", "admin", "admin")).ok).toBeTruthy();
  });

  test("the username matches case-insensitively, also for counting failures", async () => {
    const r = await attempt("10.0.0.5", "ADMIN", "admin");
    expect(r.ok?.usuario).toBe("admin");
    expect((await attempt("10.0.0.5", "Consulta", "consulta")).ok?.usuario).toBe("consulta");

    for (const u of ["DORA", "Dora", "dOrA", "dora", "DORA"]) {
      expect((await attempt("10.0.0.5", u, "mal")).error?.status).toBe(401);
    }
    expect(await failures("dora")).toBe(5);
    const blocked = await attempt("10.0.0.5", "dora", pw("dora"));
    expect(blocked.error?.status).toBe(429);
  });

  test("an inactive user with the right password is refused (403) with a Spanish message", async () => {
    await t.db.update(usUsuarios).set({ activo: false }).where(eq(usUsuarios.usuario, "luis"));
    const r = await attempt("10.0.0.6", "luis", pw("luis"));
    expect(r.error?.status).toBe(403);
    expect(r.error?.message).toBe(INACTIVE_USER);
    // a wrong password for an inactive user does not reveal that the user exists
    expect((await attempt("10.0.0.6", "luis", "mal")).error?.message).toBe(BAD_CREDENTIALS);
  });
});

// The throttling of ADR 025: per (user, address) backoff, a per-user limit that only slows addresses the user has
// never signed in from, a per-address limit against spraying, and a reservation that makes the counting atomic.
describe("throttling", () => {
  /** Counts the statuses of a batch of attempts: { 401: n, 429: m, ok: k }. */
  function tally(results: Awaited<ReturnType<typeof attempt>>[]): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of results) {
      const key = r.error ? String(r.error.status) : "ok";
      out[key] = (out[key] ?? 0) + 1;
    }
    return out;
  }
  const USER_WAIT = /^Demasiados intentos fallidos para este usuario\. Intente nuevamente en \d+ minutos?\.$/;

  test("20 parallel wrong sign-ins from one address: 5 are verified (401) and counted, 15 wait (429)", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => attempt("10.0.5.1", "hugo", "mal")));
    expect(tally(results)).toEqual({ 401: 5, 429: 15 });
    expect(await failures("hugo")).toBe(5);
    for (const r of results.filter((x) => x.error?.status === 429)) expect(r.error!.message).toMatch(USER_WAIT);
    // the right password from that address waits too
    expect((await attempt("10.0.5.1", "hugo", pw("hugo"))).error?.status).toBe(429);
  });

  test("12 parallel right sign-ins from one address (two tabs, a script): all get in, none waits for the others' reservations", async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt("10.0.5.2", "mora", pw("mora"))));
    expect(tally(results)).toEqual({ ok: 12 });
    expect(await failures("mora")).toBe(0);
  });

  test("after 5 failures from an address that address waits, even with the right password; another address may try", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt("10.0.1.1", "beto", "mal")).error?.status).toBe(401);
    expect(await failures("beto", "10.0.1.1")).toBe(5);
    const r = await attempt("10.0.1.1", "beto", pw("beto"));
    expect(r.error?.status).toBe(429);
    expect(r.error?.message).toBe("Demasiados intentos fallidos para este usuario. Intente nuevamente en 1 minuto.");
    // blocked attempts are not verified and add no failure; they are audited
    expect(await failures("beto")).toBe(5);
    expect(
      (await auditRows("login.bloqueado")).filter((a) => (a.detalle as { usuario?: string })?.usuario === "beto")
        .length,
    ).toBe(1);
    // beto, elsewhere, is not locked out by what happened at 10.0.1.1
    expect((await attempt("10.0.1.2", "beto", pw("beto"))).ok?.usuario).toBe("beto");
  });

  test("the wait grows with each further failure (1, 2, 4, 8 minutes) and lifts when it has passed", async () => {
    const t0 = Date.now() + 3_600_000; // an hour ahead: no other test's failure is that recent
    const at = (ms: number) => new Date(t0 + ms);
    const address = "10.0.4.1";
    for (let i = 0; i < 5; i++) expect((await attempt(address, "emilio", "mal", at(0))).error?.status).toBe(401);
    let last = 0;
    for (const minutes of [1, 2, 4, 8]) {
      const wait = minutes * 60_000;
      const now = await attempt(address, "emilio", pw("emilio"), at(last));
      expect(now.error?.message).toBe(
        `Demasiados intentos fallidos para este usuario. Intente nuevamente en ${minutes === 1 ? "1 minuto" : `${minutes} minutos`}.`,
      );
      expect((await attempt(address, "emilio", pw("emilio"), at(last + wait - 1000))).error?.status).toBe(429);
      // when the wait is over, one more guess goes ahead (and fails): the next wait is twice as long
      expect((await attempt(address, "emilio", "mal", at(last + wait))).error?.status).toBe(401);
      last += wait;
    }
    expect(await failures("emilio", address)).toBe(9);
    // the right password once the wait (16 minutes now) is over
    expect((await attempt(address, "emilio", pw("emilio"), at(last + 16 * 60_000))).ok?.usuario).toBe("emilio");
    expect(await failures("emilio", address)).toBe(0);
  });

  test("failures from many addresses slow addresses the user never signed in from, never the user's own", async () => {
    // carla signs in from her office: a known address for her
    expect((await attempt("10.0.2.1", "carla", pw("carla"))).ok?.usuario).toBe("carla");
    // someone tries carla from 20 other addresses, once each (no address reaches its own limit)
    const wrong = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`10.0.6.${i + 1}`, "carla", "mal")));
    expect(tally(wrong)).toEqual({ 401: 20 });
    // a new address now waits, even with the right password
    const elsewhere = await attempt("10.0.6.200", "carla", pw("carla"));
    expect(elsewhere.error?.status).toBe(429);
    expect(elsewhere.error?.message).toMatch(USER_WAIT);
    expect((await attempt("10.0.6.201", "carla", "mal")).error?.status).toBe(429);
    // carla at her office is not locked out
    expect((await attempt("10.0.2.1", "carla", pw("carla"))).ok?.usuario).toBe("carla");
    expect((await attempt("10.0.2.1", "carla", pw("carla"))).ok?.usuario).toBe("carla");
  });

  test("a known address still counts its own failures (someone guessing from the user's own office waits)", async () => {
    expect((await attempt("10.0.7.1", "fabiana", pw("fabiana"))).ok?.usuario).toBe("fabiana");
    for (let i = 0; i < 5; i++) expect((await attempt("10.0.7.1", "fabiana", "mal")).error?.status).toBe(401);
    expect((await attempt("10.0.7.1", "fabiana", pw("fabiana"))).error?.status).toBe(429);
  });

  test("a different user at the same address is not blocked (an office signing in together)", async () => {
    for (let i = 0; i < 5; i++) await attempt("10.0.2.9", "gabriel", "mal");
    expect((await attempt("10.0.2.9", "gabriel", pw("gabriel"))).error?.status).toBe(429);
    // everybody else in the office: a typo each, then in
    for (const u of ["ines", "jorge", "karina"]) {
      expect((await attempt("10.0.2.9", u, "typo")).error?.status).toBe(401);
      const r = await attempt("10.0.2.9", u, pw(u));
      expect(r.ok?.usuario).toBe(u);
    }
    expect((await attempt("10.0.2.9", "admin", "admin")).ok?.usuario).toBe("admin");
  });

  test("failures older than a day are forgotten", async () => {
    const yesterday = new Date(Date.now() - 25 * 3_600_000);
    for (let i = 0; i < 6; i++) await attempt("10.0.8.1", "mora", "mal", yesterday);
    expect((await attempt("10.0.8.1", "mora", pw("mora"))).ok?.usuario).toBe("mora");
  });

  test("a success clears the failures of that user at that address", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt("10.0.3.1", "ana", "mal")).error?.status).toBe(401);
    expect(await failures("ana")).toBe(4);
    expect((await attempt("10.0.3.1", "ana", pw("ana"))).ok?.usuario).toBe("ana");
    expect(await failures("ana")).toBe(0);
    // 4 more: would be 8 if the first ones had stayed
    for (let i = 0; i < 4; i++) expect((await attempt("10.0.3.1", "ana", "mal")).error?.status).toBe(401);
    expect((await attempt("10.0.3.1", "ana", pw("ana"))).ok?.usuario).toBe("ana");
  });

  test("100 failures from one address (spraying, counted atomically) block its unknown sign-ins only", async () => {
    const address = "10.0.9.9";
    // jorge has signed in from this address before (an office colleague)
    expect((await attempt(address, "jorge", pw("jorge"))).ok?.usuario).toBe("jorge");
    // 25 unknown usernames × 5 wrong passwords, all at once: no user reaches its own limit, the address does
    const spray = await Promise.all(
      Array.from({ length: 125 }, (_, i) => attempt(address, `bot${i % 25}`, `x${Math.floor(i / 25)}`)),
    );
    expect(tally(spray)).toEqual({ 401: 100, 429: 25 });
    for (const r of spray.filter((x) => x.error?.status === 429)) {
      expect(r.error!.message).toMatch(
        /^Demasiados intentos fallidos desde esta dirección\. Intente nuevamente en \d+ minutos?\.$/,
      );
    }
    // a user who never signed in from here waits; jorge, who did, does not
    expect((await attempt(address, "karina", pw("karina"))).error?.status).toBe(429);
    expect((await attempt(address, "jorge", pw("jorge"))).ok?.usuario).toBe("jorge");
    // other addresses, including the neighbour, are unaffected
    expect((await attempt("10.0.9.10", "admin", "admin")).ok?.usuario).toBe("admin");
    expect((await attempt("10.0.9.10", "bot0", "x")).error?.status).toBe(401);
  });
});
