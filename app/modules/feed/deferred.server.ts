// References set after every table of the run has applied (FeedReference.deferred): a family group names its holder,
// a member of the same run's afiliados file, and the member names its group. The group applies first without its
// holder; once the members are in, each holder is checked (refused when no such member: the group stays, without
// that holder) and set where it differs.
import { quoteIdent } from "./columns";
import { type Actor, type FeedFileResult, updateImport, writeReport } from "./report.server";
import { appliedEstado, appliedMessage } from "./rules";
import type { Session } from "./session.server";
import { markRefused, referenceSql, refusedCount, reportRows, type FileContext } from "./validate.server";

const q = quoteIdent;

export function hasDeferred(ctx: FileContext): boolean {
  return (ctx.ft.references ?? []).some((r) => r.deferred);
}

/** Marks the accepted rows whose key is not in the table yet (before the insert): their deferred set is no update. */
export async function markNew(s: Session, ctx: FileContext): Promise<void> {
  const match = ctx.ft.key.map((k) => `t.${q(k)} = f.${q(k)}`).join(" AND ");
  await s.query(
    `UPDATE ${q(ctx.rows)} f SET nueva = true
     WHERE NOT f.rechazada AND f.accion = 'A' AND NOT EXISTS (SELECT 1 FROM ${q(ctx.ft.name)} t WHERE ${match})`,
  );
}

/** Checks and sets one file's deferred columns; returns the rows updated that existed before the run. */
async function setDeferred(s: Session, ctx: FileContext): Promise<number> {
  let updated = 0;
  for (const ref of (ctx.ft.references ?? []).filter((r) => r.deferred)) {
    const carried = ctx.cols.some((c) => c.name === ref.column);
    if (!carried && ctx.modo === "delta") continue;
    if (carried) {
      await s.query(referenceSql(ctx, ref.column, ref.table, ref.key));
      await markRefused(s, ctx);
    }
    const col = q(ref.column);
    const value = carried ? `f.${col}` : "NULL";
    const match = ctx.ft.key.map((k) => `t.${q(k)} = f.${q(k)}`).join(" AND ");
    const { rows } = await s.transaction((tx) =>
      tx.query<{ n: string }>(
        `WITH u AS (UPDATE ${q(ctx.ft.name)} t SET ${col} = ${value} FROM ${q(ctx.rows)} f
           WHERE ${match} AND NOT f.rechazada AND f.accion = 'A' AND t.${col} IS DISTINCT FROM ${value}
           RETURNING f.nueva)
         SELECT count(*) FILTER (WHERE NOT nueva) AS n FROM u`,
      ),
    );
    updated += Number(rows[0].n);
  }
  return updated;
}

/** The run's deferred references, file by file; the files' results, reports and audit rows follow. */
export async function applyDeferred(
  s: Session,
  kept: readonly { ctx: FileContext; result: FeedFileResult }[],
  actor: Actor,
): Promise<void> {
  for (const { ctx, result: r } of kept) {
    try {
      r.actualizadas += await setDeferred(s, ctx);
      r.rechazadas = await refusedCount(s, ctx);
      r.estado = appliedEstado(r);
      r.mensaje = appliedMessage(r);
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      r.estado = "ERROR";
      r.mensaje = `Se aplicó el archivo pero no sus referencias diferidas (${(ctx.ft.references ?? [])
        .filter((x) => x.deferred)
        .map((x) => x.column)
        .join(", ")}): ${why}`;
    }
    Object.assign(r, writeReport(r.ruta, await reportRows(s, ctx)));
    await updateImport(r, actor);
  }
}
