// One way for a module to write: run the work in one transaction and answer a refusal as a result, never a throw
// the route has to catch. Inside the work, `throw new Abort(fail(409, msg, "campo"))` rolls everything back
// (the audit entry included) and `inTransaction` returns that failure; database errors a caller expects (a unique
// or foreign-key violation) can be turned into failures by `onError`. Anything else propagates: a fault is a 500.
import { getDb, type Tx } from "./client.server";

/** A write refused: the HTTP status, the Spanish message, its kind, and the field errors in the spec's { param, msg } shape. */
export type Failure<S extends number = number> = {
  ok: false;
  status: S;
  msg: string;
  errors?: { param: string; msg: string }[];
  /** What kind of refusal: what a caller decides on, never the message's text (ADR 080). */
  code: FailureCode;
};

/**
 * The kinds of refusal (ADR 080), a closed list. The first five are what `fail` names a refusal by its status alone
 * (`DEFAULT_CODE`): a caller never decides on them (tests/unit/message-decisions.test.ts fails when one does). The
 * rest name a refusal a caller acts on, and the refusal gives its code explicitly:
 * - `stale`: the record was written by someone else since it was read (ADR 047); the screen keeps what was typed.
 * - `escalation`: more than the actor holds (ADR 046); the refusal is recorded in the audit log.
 * - `duplicate`: the record already exists (a unique key: the MAE ficha of a DNI and year, a user name…).
 * - `slot-taken`: the turno's slot was assigned meanwhile; `window-closed`: the slot can no longer be assigned (less
 *   than 15 minutes left, or past); `closed-day`: no appointments that day (weekends). The assignment dialog offers
 *   another free slot on the first two (ADR 051).
 */
export type FailureCode =
  | "invalid"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "busy"
  | "stale"
  | "escalation"
  | "duplicate"
  | "slot-taken"
  | "window-closed"
  | "closed-day";

/** The code of a refusal that names no kind: by its status (any other status is bad input). */
const DEFAULT_CODE: Partial<Record<number, FailureCode>> = {
  400: "invalid",
  401: "forbidden",
  403: "forbidden",
  404: "not-found",
  409: "conflict",
  429: "busy",
  503: "busy",
};

/** A refusal of `kind` (by default the status's: see DEFAULT_CODE); with `param`, the message is that field's error too. */
export function fail<S extends number>(status: S, msg: string, param?: string, code?: FailureCode): Failure<S> {
  const kind = code ?? DEFAULT_CODE[status] ?? "invalid";
  return param
    ? { ok: false, status, msg, errors: [{ param, msg }], code: kind }
    : { ok: false, status, msg, code: kind };
}

/** Thrown inside a transaction to roll it back and answer with `result`. */
export class Abort extends Error {
  constructor(readonly result: Failure) {
    super(result.msg);
  }
}

/** True for a failure result (a value of `T | Failure` where T has no `ok: false`). */
export function isFailure(v: unknown): v is Failure {
  return typeof v === "object" && v !== null && (v as { ok?: unknown }).ok === false;
}

/**
 * Runs `work` in one transaction. An Abort thrown by it, or an error `onError` maps to a failure, rolls back and
 * becomes the returned failure; other errors propagate.
 */
export async function inTransaction<T, F extends Failure = Failure>(
  work: (tx: Tx) => Promise<T>,
  onError?: (e: unknown) => F | undefined,
): Promise<T | F> {
  const db = await getDb();
  try {
    return await db.transaction(work);
  } catch (e) {
    if (e instanceof Abort) return e.result as F;
    const mapped = onError?.(e);
    if (mapped) return mapped;
    throw e;
  }
}

/** The largest value of a Postgres integer column. */
const MAX_INT = 2_147_483_647;

/** An id an integer column can hold (a bigger or fractional one would be a database error, not a 404). */
export function isDbId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_INT;
}
