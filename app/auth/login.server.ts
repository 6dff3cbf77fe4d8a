// Checking credentials, with the throttling of ADR 025: every password guess (a sign-in, or the current password of a
// password change) is first reserved, in one transaction that holds a lock on the user name and one on the address,
// counts the earlier failures, asks the rules (./rules.ts) and writes the guess as a failure. Only then is the
// password checked; a right one deletes the reservation. So parallel attempts can never guess more than the rules
// allow, and the slow hash runs outside any lock.
import { and, eq, gt, lt, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "~db/client.server";
import { inTransaction } from "~db/transaction";
import { loginDireccionesConocidas, loginIntentos, usUsuarios } from "~db/schema/auth";
import { audit } from "~/lib/audit.server";
import { countSignInFailure } from "~/lib/metrics.server";
import { currentContext, noteRetryAfter } from "~/lib/request-context.server";
import { dummyHash, verifyPassword } from "./password.server";
import { ADDRESS_WINDOW_MS, FAILURE_MEMORY_MS, KNOWN_ADDRESS_MS, throttleMessage, throttleWait } from "./rules";
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

/** Whose password is being guessed (the lower-case user name, known or not) and from where. */
export type Guess = { usuario: string; address: string };

export type Reservation =
  { ok: true; id: number } | { ok: false; msg: string; reason: "usuario" | "direccion"; waitMs: number };

/**
 * Advisory lock classes (the two-integer form, a key space apart from the one-bigint locks of migrations and
 * reporting): one guess at a time per user name, and per address.
 */
const LOCK_USER_NAME = 25_001;
const LOCK_ADDRESS = 25_002;

/** The guess of `usuario` from this request's address. */
export function guessFor(usuario: string): Guess {
  return { usuario: usuario.trim().toLowerCase(), address: currentContext().address };
}

/** Guesses this process reserved and has not settled yet, per user name and address (see reserveGuess). */
const inFlight = new Map<string, number>();
const flightKey = (g: Guess) => `${g.usuario}\n${g.address}`;
const WAIT_STEP_MS = 100;
const MAX_WAIT_MS = 5_000;

/**
 * Reserves one password guess when the throttle allows it (the row counts as a failure until released); the caller
 * calls `settleGuess` once the outcome is written. A refusal while guesses of the same user and address are still
 * being verified here waits for them and asks again: they may be right passwords (a person signing in from two tabs
 * at once, a script's parallel sign-ins), which must not be turned away by their own unverified reservations.
 */
export async function reserveGuess(guess: Guess, now: Date): Promise<Reservation> {
  const key = flightKey(guess);
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const r = await tryReserve(guess, now);
    if (r.ok) {
      inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
      return r;
    }
    if (!inFlight.get(key) || waited >= MAX_WAIT_MS) {
      noteRetryAfter(r.waitMs); // the 429 says when to try again
      return r;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/** The reserved guess's outcome (a failure kept, or failures forgotten) is written. */
export function settleGuess(guess: Guess): void {
  const key = flightKey(guess);
  const n = (inFlight.get(key) ?? 1) - 1;
  if (n > 0) inFlight.set(key, n);
  else inFlight.delete(key);
}

async function tryReserve(guess: Guess, now: Date): Promise<Reservation> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  // A refusal is a returned value, not an Abort: the transaction commits the clean-up of forgotten failures either way.
  return inTransaction<Reservation, never>(async (tx) => {
    // Always the user name first, then the address: no two reservations wait for each other in a circle.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_USER_NAME}::int, hashtext(${guess.usuario}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${guess.address}))`);
    const forgotten = at(FAILURE_MEMORY_MS);
    await tx
      .delete(loginIntentos)
      .where(
        and(
          or(eq(loginIntentos.usuario, guess.usuario), eq(loginIntentos.address, guess.address)),
          lt(loginIntentos.at, forgotten),
        ),
      );
    const pair = and(eq(loginIntentos.usuario, guess.usuario), eq(loginIntentos.address, guess.address));
    const ofUser = eq(loginIntentos.usuario, guess.usuario);
    const fromAddress = and(eq(loginIntentos.address, guess.address), gt(loginIntentos.at, at(ADDRESS_WINDOW_MS)));
    const [counts] = await tx
      .select({
        pairFailures: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
        lastPairFailure: sql<Date | null>`max(${loginIntentos.at}) filter (where ${pair})`.mapWith(loginIntentos.at),
        userFailures: sql<number>`count(*) filter (where ${ofUser})`.mapWith(Number),
        lastUserFailure: sql<Date | null>`max(${loginIntentos.at}) filter (where ${ofUser})`.mapWith(loginIntentos.at),
        addressFailures: sql<number>`count(*) filter (where ${fromAddress})`.mapWith(Number),
        oldestAddressFailure: sql<Date | null>`min(${loginIntentos.at}) filter (where ${fromAddress})`.mapWith(
          loginIntentos.at,
        ),
      })
      .from(loginIntentos)
      .where(
        and(
          or(eq(loginIntentos.usuario, guess.usuario), eq(loginIntentos.address, guess.address)),
          gt(loginIntentos.at, forgotten),
        ),
      );
    const [known] = await tx
      .select({ usuarioId: loginDireccionesConocidas.usuarioId })
      .from(loginDireccionesConocidas)
      .innerJoin(usUsuarios, eq(usUsuarios.id, loginDireccionesConocidas.usuarioId))
      .where(
        and(
          sql`lower(${usUsuarios.usuario}) = ${guess.usuario}`,
          eq(loginDireccionesConocidas.address, guess.address),
          gt(loginDireccionesConocidas.ultimoIngreso, at(KNOWN_ADDRESS_MS)),
        ),
      )
      .limit(1);
    const input = { ...counts, knownAddress: Boolean(known), now };
    const wait = throttleWait(input);
    if (wait) return { ok: false as const, msg: throttleMessage(input)!, reason: wait.reason, waitMs: wait.ms };
    const [row] = await tx
      .insert(loginIntentos)
      .values({ usuario: guess.usuario, address: guess.address, at: now })
      .returning({ id: loginIntentos.id });
    return { ok: true as const, id: row.id };
  });
}

/**
 * Housekeeping (the scheduler, hourly): drops the failed guesses no limit counts any more (older than
 * FAILURE_MEMORY_MS, a day; the sign-in itself only drops those of the user and address it checks); how many.
 */
export async function purgeOldFailedGuesses(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(loginIntentos)
    .where(lt(loginIntentos.at, new Date(now.getTime() - FAILURE_MEMORY_MS)))
    .returning({ id: loginIntentos.id });
  return gone.length;
}

/** The reserved guess turned out not to be a wrong password (an inactive user's right one): no failure. */
async function releaseGuess(tx: Tx, id: number): Promise<void> {
  await tx.delete(loginIntentos).where(eq(loginIntentos.id, id));
}

/** The password was right: this user's failures at this address (the reservation included) are forgotten. */
export async function forgetFailures(tx: Tx, guess: Guess): Promise<void> {
  await tx
    .delete(loginIntentos)
    .where(and(eq(loginIntentos.usuario, guess.usuario), eq(loginIntentos.address, guess.address)));
}

/** Records a successful sign-in's address as known for the user; known addresses older than the limit go. */
async function rememberAddress(tx: Tx, usuarioId: number, address: string, now: Date): Promise<void> {
  await tx
    .insert(loginDireccionesConocidas)
    .values({ usuarioId, address, ultimoIngreso: now })
    .onConflictDoUpdate({
      target: [loginDireccionesConocidas.usuarioId, loginDireccionesConocidas.address],
      set: { ultimoIngreso: now },
    });
  await tx
    .delete(loginDireccionesConocidas)
    .where(
      and(
        eq(loginDireccionesConocidas.usuarioId, usuarioId),
        lt(loginDireccionesConocidas.ultimoIngreso, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    );
}

/** Verifies the credentials or throws LoginError with the Spanish message to show. */
export async function checkCredentials({ usuario, password }: LoginInput, now = new Date()): Promise<LoggedIn> {
  const db = await getDb();
  const guess = guessFor(usuario);
  const key = guess.usuario;
  const reserved = await reserveGuess(guess, now);
  if (!reserved.ok) {
    await audit(db, null, { accion: "login.bloqueado", detalle: { usuario: key, motivo: reserved.reason } });
    countSignInFailure(429);
    throw new LoginError(reserved.msg, 429);
  }
  try {
    return await verifyReserved(guess, reserved.id, password, now);
  } catch (e) {
    if (e instanceof LoginError) countSignInFailure(e.status);
    throw e;
  } finally {
    settleGuess(guess);
  }
}

async function verifyReserved(guess: Guess, reservationId: number, password: string, now: Date): Promise<LoggedIn> {
  const db = await getDb();
  const key = guess.usuario;
  const [user] = await db
    .select()
    .from(usUsuarios)
    .where(sql`lower(${usUsuarios.usuario}) = ${key}`);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
  if (!user || !ok) {
    // the reservation stays: it is this failure
    await audit(db, user ? { id: user.id, usuario: user.usuario } : null, {
      accion: "login.fallido",
      detalle: { usuario: key },
    });
    throw new LoginError(BAD_CREDENTIALS, 401);
  }
  if (!user.activo) {
    await inTransaction(async (tx) => {
      await releaseGuess(tx, reservationId);
      await audit(tx, { id: user.id, usuario: user.usuario }, { accion: "login.inactivo" });
    });
    throw new LoginError(INACTIVE_USER, 403);
  }
  await inTransaction(async (tx) => {
    await forgetFailures(tx, guess);
    await rememberAddress(tx, user.id, guess.address, now);
    await audit(tx, { id: user.id, usuario: user.usuario }, { accion: "login" });
  });
  return { id: user.id, usuario: user.usuario, type_usr: user.typeUsr };
}
