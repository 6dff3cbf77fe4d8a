// The one way to write a record two clerks may edit at once (docs/decisions/047-record-versions.md, 081): every
// write adds 1 to `version` in the same UPDATE, conditional on the version the writer read, so the database decides
// under concurrency (of two writes of one version exactly one matches). A write refused for its version answers the
// one stale refusal: 409, code `stale`, MSG_VERSION_VIEJA on the field `version`. Nothing else in the code compares
// versions or adds 1 to one (tests/unit/one-version-helper.test.ts).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { Tx } from "./client.server";
import { fail, isDbId, type Failure } from "./transaction";

/** The answer (409) to a write that sent an older version than the stored one. Nothing was changed. */
export const MSG_VERSION_VIEJA = "El registro fue modificado por otro usuario: vuelva a cargarlo";

/** The stale refusal: 409 with MSG_VERSION_VIEJA on the field `version` (the hidden field, the body's key). */
export const staleVersion = (): Failure<409> => fail(409, MSG_VERSION_VIEJA, "version", "stale");

/** A table whose records carry an `id` and a `version` (integer, from 1). */
type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn };

export type VersionedWrite<T extends VersionedTable, R extends SelectedFields> = {
  /** The record written. */
  id: number;
  /** The version the writer read; absent: no check (the API's deprecated write, and deletes: last write wins). */
  version: number | undefined;
  /** The values written (never `version`: it is added to here). */
  set: PgUpdateSetSource<T>;
  /** The columns the written row answers with. */
  returning: R;
  /** What the record's state must be besides its version (active, editable, the status read). */
  where?: SQL;
  /**
   * False when the caller's own check of the row it read refuses the write (a status not allowed, a closed window):
   * nothing is written and `refused` answers, unless the version sent is older — the stale refusal comes first, so
   * the clerk reloads and sees the record as it is now.
   */
  allowed?: boolean;
  /**
   * Why nothing was written when the version is not the reason: the record is gone or its state (`where`, `allowed`)
   * refuses. Absent: the caller locked the record (SELECT … FOR UPDATE) and set no state, so only the version can.
   */
  refused?: Failure | (() => Promise<Failure>);
};

/**
 * `UPDATE table SET …set, version = version + 1 WHERE id = write.id AND write.where [AND version = write.version]
 * RETURNING write.returning`: the row written, or the refusal — stale when the record is at another version than the
 * one sent, else `write.refused`.
 */
export async function updateVersioned<T extends VersionedTable, R extends SelectedFields>(
  tx: Tx,
  table: T,
  write: VersionedWrite<T, R>,
): Promise<SelectResultFields<R> | Failure> {
  const { id, version, refused } = write;
  // A version no integer column holds was never read: stale (and never a database error).
  if (version != null && !isDbId(version)) return staleVersion();
  if (write.allowed !== false) {
    const set = { ...write.set, version: sql`${table.version} + 1` } as PgUpdateSetSource<T>;
    const conditional = version != null ? eq(table.version, version) : undefined;
    const rows = (await tx
      .update(table)
      .set(set)
      .where(and(eq(table.id, id), write.where, conditional))
      .returning(write.returning)) as SelectResultFields<R>[];
    if (rows[0]) return rows[0];
  }
  if (!refused) return staleVersion();
  if (version != null) {
    const [stored] = await tx
      .select({ version: table.version })
      .from(table as PgTable)
      .where(eq(table.id, id));
    if (stored && stored.version !== version) return staleVersion();
  }
  return typeof refused === "function" ? refused() : refused;
}
