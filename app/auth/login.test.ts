import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { auditLog, loginIntentos, usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { BAD_CREDENTIALS, INACTIVE_USER, LoginError, checkCredentials } from "./login.server";
import { hashPassword } from "./password.server";
import { LoginSchema } from "./credentials.schema";
import { THROTTLE_WINDOW_MS } from "./rules";

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

describe("throttling", () => {
  test("after 5 failures the user is blocked (429), even with the right password, from any address", async () => {
    for (let i = 1; i <= 4; i++) {
      expect((await attempt(`10.0.1.${i}`, "beto", "mal")).error?.status).toBe(401);
    }
    // the 5th attempt still goes ahead (4 failures so far) and fails normally
    expect((await attempt("10.0.1.5", "beto", "mal")).error?.status).toBe(401);
    expect(await failures("beto")).toBe(5);

    for (const address of ["10.0.1.1", "10.0.1.99", "192.168.7.7"]) {
      const r = await attempt(address, "beto", pw("beto"));
      expect(r.error?.status).toBe(429);
      expect(r.error?.message).toMatch(
        /^Demasiados intentos fallidos para este usuario\. Intente nuevamente en (1[0-5]|[1-9]) minutos?\.$/,
      );
    }
    // blocked attempts are not verified and do not add failures
    expect(await failures("beto")).toBe(5);
    expect(
      (await auditRows("login.bloqueado")).filter((a) => (a.detalle as { usuario?: string })?.usuario === "beto")
        .length,
    ).toBe(3);
  });

  test("the block lifts when the window has passed", async () => {
    const later = new Date(Date.now() + THROTTLE_WINDOW_MS + 1000);
    const r = await attempt("10.0.1.1", "beto", pw("beto"), later);
    expect(r.ok?.usuario).toBe("beto");
  });

  test("a different user at the same address is not blocked (an office signing in together)", async () => {
    for (let i = 0; i < 5; i++) await attempt("10.0.2.1", "carla", "mal");
    expect((await attempt("10.0.2.1", "carla", pw("carla"))).error?.status).toBe(429);
    // everybody else in the office: a typo each, then in
    for (const u of ["emilio", "fabiana", "gabriel", "hugo", "ines", "jorge", "karina"]) {
      expect((await attempt("10.0.2.1", u, "typo")).error?.status).toBe(401);
      const r = await attempt("10.0.2.1", u, pw(u));
      expect(r.ok?.usuario).toBe(u);
    }
    expect((await attempt("10.0.2.1", "admin", "admin")).ok?.usuario).toBe("admin");
  });

  test("a success clears the user's failures", async () => {
    for (let i = 0; i < 4; i++) expect((await attempt("10.0.3.1", "ana", "mal")).error?.status).toBe(401);
    expect(await failures("ana")).toBe(4);
    expect((await attempt("10.0.3.1", "ana", pw("ana"))).ok?.usuario).toBe("ana");
    expect(await failures("ana")).toBe(0);
    // 4 more: would be 8 if the first ones had stayed
    for (let i = 0; i < 4; i++) expect((await attempt("10.0.3.1", "ana", "mal")).error?.status).toBe(401);
    expect((await attempt("10.0.3.1", "ana", pw("ana"))).ok?.usuario).toBe("ana");
  });

  test("100 failures from one address block that address only", async () => {
    const address = "10.0.9.9";
    // 25 different (unknown) usernames × 4 failures: no single user reaches its limit
    let n = 0;
    for (let u = 0; u < 25; u++) {
      for (let k = 0; k < 4; k++) {
        const r = await attempt(address, `bot${u}`, `x${k}`);
        expect(r.error?.status).toBe(401);
        n++;
        if (n === 99) {
          // with 99 failures the address may still sign in
          expect((await attempt(address, "jorge", pw("jorge"))).ok?.usuario).toBe("jorge");
        }
      }
    }
    expect(n).toBe(100);
    const blocked = await attempt(address, "admin", "admin");
    expect(blocked.error?.status).toBe(429);
    expect(blocked.error?.message).toMatch(
      /^Demasiados intentos fallidos desde esta dirección\. Intente nuevamente en \d+ minutos?\.$/,
    );
    expect((await attempt(address, "jorge", pw("jorge"))).error?.status).toBe(429);
    // other addresses, including the neighbour, are unaffected
    expect((await attempt("10.0.9.10", "admin", "admin")).ok?.usuario).toBe("admin");
    expect((await attempt("10.0.9.10", "bot0", "x")).error?.status).toBe(401);
  });
});
