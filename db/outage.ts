// The database is unreachable, or a statement's connection was lost: the errors that mean "the service is down for
// a moment" rather than "this request is wrong" (docs/decisions/045-database-outage-answer.md). The app answers them
// with 503 and Retry-After; the pool (db/patient-pool.ts) waits for the server to accept connections again and runs
// a read outside a transaction once more.

/** SQLSTATEs of a connection ended or refused by the server: admin/crash shutdown, cannot connect now. */
const SHUTDOWN_CODES = new Set(["57P01", "57P02", "57P03"]);
/** Socket errors of a server that is not there (any more). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);
/** Messages of node-postgres for a connection it lost or could not make (they carry no code). */
const LOST_MESSAGES = [
  /^Connection terminated/,
  /Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed and is not queryable/,
];

function causes(e: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let c = e; c != null && chain.length < 5; c = (c as { cause?: unknown }).cause) chain.push(c);
  return chain;
}

/** True for an error (or one of its causes) that says the database could not be reached or the connection was lost. */
export function isConnectionError(e: unknown): boolean {
  return causes(e).some((c) => {
    if (typeof c !== "object" || c === null) return false;
    const code = (c as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      (SHUTDOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code))
    )
      return true;
    const message = (c as { message?: unknown }).message;
    return typeof message === "string" && LOST_MESSAGES.some((m) => m.test(message));
  });
}

/**
 * True when nothing of a statement was sent yet: the connection could not be made (refused, the server starting
 * up or shutting down). Waiting and connecting again is then safe for any statement, a write included.
 */
export function isConnectRefusal(e: unknown): boolean {
  return isConnectionError(e) && !/^timeout exceeded when trying to connect/.test(String((e as Error)?.message));
}

/**
 * A statement that only reads: its first word is SELECT (or VALUES/SHOW/TABLE), and it locks no row. Reads are
 * the only statements run a second time after a lost connection (a write may have been committed before the
 * connection dropped).
 */
export function isReadStatement(text: string): boolean {
  const t = text.replace(/^(\s|--[^\n]*\n|\/\*[\s\S]*?\*\/|\()+/, "").toLowerCase();
  if (!/^(select|values|show|table)\b/.test(t)) return false;
  return !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(nextval|setval|pg_advisory\w*lock\w*)\s*\(/.test(
    t,
  );
}
