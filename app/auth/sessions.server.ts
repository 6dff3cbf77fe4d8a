// Sessions are rows in Postgres (revocable). The browser cookie and the API x-auth-token both carry a random
// token whose SHA-256 is the row key.
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { preparedPerDb } from "~db/prepared";
import { sesiones, usPerfiles, usUsuarios } from "~db/schema/auth";
import { currentContext } from "~/lib/request-context.server";
import { audit, type AuditActor } from "~/lib/audit.server";
import { operationsOf, screensOf } from "./permissions.server";
import { cachedSession, forgetSessions } from "./session-cache.server";
import { API_TOKEN_MAX_AGE_MS, SESSION_MAX_AGE_MS, sessionAlive, type Permissions } from "./rules";
import { isWellFormedToken, newToken, tokenHash } from "./tokens.server";

export type SessionKind = "cookie" | "api";

export type SessionUser = Permissions & {
  id: number;
  apeynom: string;
  usuario: string;
  type_usr: number;
  profile: { id: number; descripcion: string };
  sessionId: number;
};

/** lastSeenAt is refreshed at most once a minute, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(userId: number, kind: SessionKind, now = new Date()): Promise<string> {
  const db = await getDb();
  const token = newToken();
  const ctx = currentContext();
  await db.insert(sesiones).values({
    tokenHash: tokenHash(token),
    usuarioId: userId,
    kind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (kind === "api" ? API_TOKEN_MAX_AGE_MS : SESSION_MAX_AGE_MS)),
    address: ctx.address,
    userAgent: ctx.userAgent.slice(0, 300),
  });
  return token;
}

/** The session of a token hash with its user, profile and grants: one statement, named, so each connection parses
 *  and plans it once. */
const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      sessionId: sesiones.id,
      kind: sesiones.kind,
      expiresAt: sesiones.expiresAt,
      lastSeenAt: sesiones.lastSeenAt,
      revokedAt: sesiones.revokedAt,
      id: usUsuarios.id,
      apeynom: usUsuarios.apeynom,
      usuario: usUsuarios.usuario,
      typeUsr: usUsuarios.typeUsr,
      activo: usUsuarios.activo,
      perfilId: usPerfiles.id,
      perfil: usPerfiles.descripcion,
      perfilActivo: usPerfiles.activo,
      // the profile's grants in the same round trip
      screens: screensOf(usPerfiles.id),
      operations: operationsOf(usPerfiles.id),
    })
    .from(sesiones)
    .innerJoin(usUsuarios, eq(usUsuarios.id, sesiones.usuarioId))
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(and(eq(sesiones.tokenHash, sql.placeholder("hash")), eq(sesiones.kind, sql.placeholder("kind"))))
    .prepare("sesion_por_token"),
);

type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionQuery>["execute"]>>[number];

export async function userForToken(
  token: string | null | undefined,
  kind: SessionKind,
  now = new Date(),
  /** false: a check that is no activity (an event stream's heartbeat) leaves lastSeenAt, so the idle timeout runs. */
  touch = true,
): Promise<SessionUser | null> {
  if (!isWellFormedToken(token)) return null;
  const db = await getDb();
  const hash = tokenHash(token);
  // reused for at most SESSION_CACHE_MS: docs/decisions/042-session-cache.md
  const row: SessionRow | undefined = await cachedSession(`${kind}:${hash}`, async () => {
    const [found] = await sessionQuery(db).execute({ hash, kind });
    return found;
  });
  if (!row || !row.activo || !sessionAlive(row, now)) return null;
  if (touch && now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    row.lastSeenAt = now; // the remembered row too: one touch, not one per request until it is read again
    await db.update(sesiones).set({ lastSeenAt: now }).where(eq(sesiones.id, row.sessionId));
  }
  // an inactive profile grants nothing
  const perms = row.perfilActivo
    ? { allowed_screen: row.screens, allowed_operation: row.operations }
    : { allowed_screen: [], allowed_operation: [] };
  return {
    id: row.id,
    apeynom: row.apeynom,
    usuario: row.usuario,
    type_usr: row.typeUsr,
    profile: { id: row.perfilId, descripcion: row.perfil },
    sessionId: row.sessionId,
    ...perms,
  };
}

export async function revokeToken(token: string | null | undefined): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const db = await getDb();
  const rows = await db
    .update(sesiones)
    .set({ revokedAt: new Date() })
    .where(and(eq(sesiones.tokenHash, tokenHash(token)), isNull(sesiones.revokedAt)))
    .returning({ id: sesiones.id });
  forgetSessions();
  return rows.length > 0;
}

/** Signing out ('Cerrar Sesión', DELETE /api/auth): ends the session of `token` and records it for its user. */
export async function endSession(token: string | null | undefined, user: AuditActor): Promise<void> {
  await revokeToken(token);
  if (user) await audit(await getDb(), user, { accion: "logout" });
}

/** Ends every other session of the user (after a password change). */
export async function revokeOtherSessions(userId: number, keepSessionId: number): Promise<void> {
  const db = await getDb();
  await db
    .update(sesiones)
    .set({ revokedAt: new Date() })
    .where(and(eq(sesiones.usuarioId, userId), ne(sesiones.id, keepSessionId), isNull(sesiones.revokedAt)));
  forgetSessions();
}

/** How long an ended session (revoked or expired) stays in the table: a day (ADR 045). */
const ENDED_SESSION_RETENTION_MS = 24 * 60 * 60_000;

/** Housekeeping (the scheduler, hourly): drops sessions that ended more than a day ago; how many. */
export async function purgeEndedSessions(now = new Date()): Promise<number> {
  const db = await getDb();
  const before = new Date(now.getTime() - ENDED_SESSION_RETENTION_MS);
  const gone = await db
    .delete(sesiones)
    .where(sql`coalesce(${sesiones.revokedAt}, ${sesiones.expiresAt}) < ${before}`)
    .returning({ id: sesiones.id });
  return gone.length;
}
