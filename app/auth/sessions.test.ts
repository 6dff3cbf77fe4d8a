import { describe, test, expect, beforeAll, afterAll } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { GRANTABLE_SCREENS, OPERATIONS } from "~db/reference";
import { auditLog, sesiones, usUsuarios } from "~db/schema/auth";
import { requestContext } from "~/lib/request-context.server";
import { hashPassword } from "./password.server";
import { API_TOKEN_MAX_AGE_MS, SESSION_IDLE_MS, SESSION_MAX_AGE_MS } from "./rules";
import { createSession, endSession, revokeOtherSessions, revokeToken, userForToken } from "./sessions.server";
import { tokenHash } from "./tokens.server";
import { withinTwoSeconds } from "~tests/support/eventually";

const HOUR = 3_600_000;
let t: TestDb;
let adminId: number;
let consultaId: number;

async function idOf(usuario: string): Promise<number> {
  const [row] = await t.db.select({ id: usUsuarios.id }).from(usUsuarios).where(eq(usUsuarios.usuario, usuario));
  return row.id;
}

beforeAll(async () => {
  t = await useTestDatabase();
  adminId = await idOf("admin");
  consultaId = await idOf("consulta");
});

afterAll(async () => {
  await t?.cleanup();
});

describe("permissions come from the profile", () => {
  test("admin: every gated screen (22), the drawer-only grants (3, ADR 029) and every operation '1'..'42'", async () => {
    const token = await createSession(adminId, "api");
    const user = await userForToken(token, "api");
    expect(user).not.toBeNull();
    expect(user!.id).toBe(adminId);
    expect(user!.usuario).toBe("admin");
    expect(user!.type_usr).toBe(1);
    expect(user!.profile.id).toBe(1);
    expect(user!.allowed_screen).toHaveLength(25);
    expect([...user!.allowed_screen].sort()).toEqual([...GRANTABLE_SCREENS].sort());
    expect(user!.allowed_operation).toEqual(Array.from({ length: 42 }, (_, i) => String(i + 1)));
    expect(OPERATIONS).toHaveLength(42);
  });

  test("consulta: exactly its three screens and operations 14, 15, 19", async () => {
    const token = await createSession(consultaId, "cookie");
    const user = await userForToken(token, "cookie");
    expect(user).not.toBeNull();
    expect(user!.usuario).toBe("consulta");
    expect(user!.profile.id).toBe(2);
    expect([...user!.allowed_screen].sort()).toEqual(["/buscar-ficha", "/consultar-padron", "/listado-afiliados"]);
    expect(user!.allowed_operation).toEqual(["14", "15", "19"]);
  });
});

describe("tokens are stored hashed", () => {
  test("the raw token appears nowhere in sesiones; its SHA-256 is the key", async () => {
    const token = await requestContext.run({ address: "10.0.0.1", userAgent: "test", userId: null }, () =>
      createSession(consultaId, "api"),
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(sesiones);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(token);
    const mine = rows.filter((r) => r.tokenHash === tokenHash(token));
    expect(mine).toHaveLength(1);
    expect(mine[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(mine[0].usuarioId).toBe(consultaId);
    expect(mine[0].kind).toBe("api");
    expect(mine[0].address).toBe("10.0.0.1");
  });

  test("two sessions get different tokens", async () => {
    const a = await createSession(adminId, "cookie");
    const b = await createSession(adminId, "cookie");
    expect(a).not.toBe(b);
  });

  test.each([null, undefined, "", "abc", "' OR 1=1 --", "x".repeat(10_000)])(
    "a malformed token %j resolves to nobody",
    async (token) => {
      expect(await userForToken(token as string | null | undefined, "api")).toBeNull();
      expect(await userForToken(token as string | null | undefined, "cookie")).toBeNull();
    },
  );

  test("a well-formed but unknown token resolves to nobody", async () => {
    expect(await userForToken("A".repeat(43), "api")).toBeNull();
  });
});

describe("expiry", () => {
  test("an API token works until API_TOKEN_MAX_AGE_MS, without an idle limit", async () => {
    const t0 = new Date();
    const token = await createSession(adminId, "api", t0);
    expect(await userForToken(token, "api", new Date(t0.getTime() + 11 * HOUR))).not.toBeNull();
    expect(await userForToken(token, "api", new Date(t0.getTime() + API_TOKEN_MAX_AGE_MS - 1000))).not.toBeNull();
    expect(await userForToken(token, "api", new Date(t0.getTime() + API_TOKEN_MAX_AGE_MS))).toBeNull();
    expect(await userForToken(token, "api", new Date(t0.getTime() + API_TOKEN_MAX_AGE_MS + HOUR))).toBeNull();
  });

  test("a cookie session in constant use still ends at SESSION_MAX_AGE_MS", async () => {
    const t0 = new Date();
    const token = await createSession(adminId, "cookie", t0);
    for (let h = 1; h < SESSION_MAX_AGE_MS / HOUR; h++) {
      expect(await userForToken(token, "cookie", new Date(t0.getTime() + h * HOUR))).not.toBeNull();
    }
    expect(await userForToken(token, "cookie", new Date(t0.getTime() + SESSION_MAX_AGE_MS))).toBeNull();
  });

  test("a cookie session left idle for SESSION_IDLE_MS ends; use keeps it going", async () => {
    const t0 = new Date();
    const idle = await createSession(adminId, "cookie", t0);
    expect(await userForToken(idle, "cookie", new Date(t0.getTime() + SESSION_IDLE_MS))).toBeNull();

    const used = await createSession(adminId, "cookie", t0);
    expect(await userForToken(used, "cookie", new Date(t0.getTime() + SESSION_IDLE_MS - 60_000))).not.toBeNull();
    // last seen was refreshed, so another idle period from the start is fine
    expect(await userForToken(used, "cookie", new Date(t0.getTime() + SESSION_IDLE_MS + HOUR))).not.toBeNull();
  });
});

describe("revocation and kinds", () => {
  test("a revoked token is rejected", async () => {
    const token = await createSession(consultaId, "api");
    expect(await userForToken(token, "api")).not.toBeNull();
    expect(await revokeToken(token)).toBe(true);
    expect(await userForToken(token, "api")).toBeNull();
    expect(await revokeToken(token)).toBe(false);
    const [row] = await t.db
      .select()
      .from(sesiones)
      .where(eq(sesiones.tokenHash, tokenHash(token)));
    expect(row.revokedAt).toBeInstanceOf(Date);
  });

  test("endSession revokes the token and writes 'logout' for its user; without a user it records nothing", async () => {
    const logouts = async () =>
      (
        await t.db
          .select({ n: count() })
          .from(auditLog)
          .where(and(eq(auditLog.accion, "logout"), eq(auditLog.usuarioId, consultaId)))
      )[0].n;
    const before = await logouts();
    const token = await createSession(consultaId, "cookie");
    await endSession(token, { id: consultaId, usuario: "consulta" });
    expect(await userForToken(token, "cookie")).toBeNull();
    expect(await logouts()).toBe(before + 1);
    await endSession(null, null);
    expect(await logouts()).toBe(before + 1);
  });

  test("a cookie token is not an API token and vice versa", async () => {
    const cookie = await createSession(consultaId, "cookie");
    const api = await createSession(consultaId, "api");
    expect(await userForToken(cookie, "api")).toBeNull();
    expect(await userForToken(api, "cookie")).toBeNull();
    expect(await userForToken(cookie, "cookie")).not.toBeNull();
    expect(await userForToken(api, "api")).not.toBeNull();
  });

  test("an inactive user's tokens stop working", async () => {
    const [u] = await t.db
      .insert(usUsuarios)
      .values({
        apeynom: "USUARIO TEMPORAL",
        usuario: "temporal",
        passwordHash: await hashPassword("temporal-1"),
        usPerfilId: 2,
      })
      .returning({ id: usUsuarios.id });
    const cookie = await createSession(u.id, "cookie");
    const api = await createSession(u.id, "api");
    expect(await userForToken(api, "api")).not.toBeNull();
    // changed behind the app's back (another instance, an SQL console): effective within the 2 s the product promises
    await t.db.update(usUsuarios).set({ activo: false }).where(eq(usUsuarios.id, u.id));
    expect(await withinTwoSeconds(async () => (await userForToken(api, "api")) === null)).toBe(true);
    expect(await userForToken(cookie, "cookie")).toBeNull();
  });

  test("revokeOtherSessions ends the user's other sessions and keeps the current one", async () => {
    const current = await createSession(consultaId, "cookie");
    const otherCookie = await createSession(consultaId, "cookie");
    const otherApi = await createSession(consultaId, "api");
    const someoneElse = await createSession(adminId, "cookie");
    const me = await userForToken(current, "cookie");
    await revokeOtherSessions(me!.id, me!.sessionId);
    expect(await userForToken(current, "cookie")).not.toBeNull();
    expect(await userForToken(otherCookie, "cookie")).toBeNull();
    expect(await userForToken(otherApi, "api")).toBeNull();
    expect(await userForToken(someoneElse, "cookie")).not.toBeNull();
    const [{ live }] = await t.db
      .select({ live: sql<number>`count(*)::int` })
      .from(sesiones)
      .where(sql`${sesiones.usuarioId} = ${consultaId} and ${sesiones.revokedAt} is null`);
    expect(live).toBe(1);
  });
});
