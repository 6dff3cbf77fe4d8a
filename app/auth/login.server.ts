// Checking credentials, with throttling of failed attempts per user and per address.
import { and, count, eq, gte, min, sql } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { loginIntentos, usUsuarios } from "~db/schema/auth";
import { audit } from "~/modules/audit-log/audit.server";
import { currentContext } from "~/lib/request-context.server";
import { dummyHash, verifyPassword } from "./password.server";
import { THROTTLE_WINDOW_MS, throttleMessage } from "./rules";
import type { LoginInput } from "./credentials.schema";

export class LoginError extends Error {
  constructor(
    message: string,
    readonly status: 401 | 403 | 429,
  ) {
    super(message);
  }
}

export const BAD_CREDENTIALS = "Usuario o contraseña incorrectos";
export const INACTIVE_USER = "El usuario se encuentra inactivo. Consulte con el administrador.";

export type LoggedIn = { id: number; usuario: string; type_usr: number };

/** Verifies the credentials or throws LoginError with the Spanish message to show. */
export async function checkCredentials({ usuario, password }: LoginInput, now = new Date()): Promise<LoggedIn> {
  const db = await getDb();
  const address = currentContext().address;
  const key = usuario.toLowerCase();
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const [[byUser], [byAddress]] = await Promise.all([
    db
      .select({ n: count(), oldest: min(loginIntentos.at) })
      .from(loginIntentos)
      .where(and(eq(loginIntentos.usuario, key), gte(loginIntentos.at, since))),
    db
      .select({ n: count(), oldest: min(loginIntentos.at) })
      .from(loginIntentos)
      .where(and(eq(loginIntentos.address, address), gte(loginIntentos.at, since))),
  ]);
  const blocked = throttleMessage({
    userFailures: byUser.n,
    oldestUserFailure: byUser.oldest,
    addressFailures: byAddress.n,
    oldestAddressFailure: byAddress.oldest,
    now,
  });
  if (blocked) {
    await audit(db, null, { accion: "login.bloqueado", detalle: { usuario: key } });
    throw new LoginError(blocked, 429);
  }

  const [user] = await db
    .select()
    .from(usUsuarios)
    .where(sql`lower(${usUsuarios.usuario}) = ${key}`);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    await db.transaction(async (tx) => {
      await tx.insert(loginIntentos).values({ usuario: key, address, at: now });
      await audit(tx, user ? { id: user.id, usuario: user.usuario } : null, {
        accion: "login.fallido",
        detalle: { usuario: key },
      });
    });
    throw new LoginError(BAD_CREDENTIALS, 401);
  }
  if (!user.activo) {
    await audit(db, { id: user.id, usuario: user.usuario }, { accion: "login.inactivo" });
    throw new LoginError(INACTIVE_USER, 403);
  }
  await db.transaction(async (tx) => {
    await tx.delete(loginIntentos).where(eq(loginIntentos.usuario, key));
    await audit(tx, { id: user.id, usuario: user.usuario }, { accion: "login" });
  });
  return { id: user.id, usuario: user.usuario, type_usr: user.typeUsr };
}
