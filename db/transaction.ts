// One way for a module to write: run the work in one transaction and answer a refusal as a result, never a throw
// the route has to catch. Inside the work, `throw new Abort(fail(409, msg, "campo"))` rolls everything back
// (the audit entry included) and `inTransaction` returns that failure; database errors a caller expects (a unique
// or foreign-key violation) can be turned into failures by `onError`. Anything else propagates: a fault is a 500.
import { getDb, type Tx } from "./client.server";

/** A write refused: the HTTP status, the Spanish message, and the field errors in the spec's { param, msg } shape. */
export type Failure<S extends number = number> = {
  ok: false;
  status: S;
  msg: string;
  errors?: { param: string; msg: string }[];
  /** What kind of refusal, for callers that act on it (a stale version, an escalation): never its message's text. */
  code?: FailureCode;
};

/** The refusals a caller tells apart: a record changed by someone else meanwhile, and ADR 046's escalation rule. */
export type FailureCode = "version_vieja" | "stale" | "escalada";

/** A refusal; with `param`, the same message as that field's error. */
export function fail<S extends number>(status: S, msg: string, param?: string, code?: FailureCode): Failure<S> {
  const f: Failure<S> = param ? { ok: false, status, msg, errors: [{ param, msg }] } : { ok: false, status, msg };
  return code ? { ...f, code } : f;
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
