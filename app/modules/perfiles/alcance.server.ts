// Nobody gives anyone, themselves included, more than they hold (issue 26; docs/decisions/046): enforced here, inside
// the write's transaction, for every path (the screens' forms and the JSON API reach the same module functions).
// What the actor holds is read from the database in that transaction (their profile's grants while both are active),
// never from the session or the client. A refusal is 403 with a Spanish msg; the write rolls back, so the refusal is
// audited apart (`conRechazoAuditado`). A system actor (null: start-up, scripts) is not limited.
import { eq, sql } from "drizzle-orm";
import type { Tx } from "~db/client.server";
import { usPerfiles, usUsuarios } from "~db/schema/auth";
import { Abort, fail, inTransaction, type Failure } from "~db/transaction";
import { profilePermissions } from "~/auth/permissions.server";
import { audit, type AuditActor, type AuditEntry } from "~/lib/audit.server";
import { dentroDe, ESCALADA_MSG, esRechazoDeEscalada, type Grants } from "./rules";

/** What profile `perfilId` grants (empty lists when it does not exist). */
async function otorgadoPor(tx: Tx, perfilId: number): Promise<Grants> {
  const p = await profilePermissions(tx, perfilId);
  return { screens: p.allowed_screen, operations: p.allowed_operation };
}

/** The profile the actor belongs to now (null for a system actor or an unknown user). */
export async function perfilDelActor(tx: Tx, actor: AuditActor): Promise<number | null> {
  if (!actor) return null;
  const [row] = await tx.select({ perfil: usUsuarios.usPerfilId }).from(usUsuarios).where(eq(usUsuarios.id, actor.id));
  return row?.perfil ?? null;
}

/** What the actor holds now: their profile's grants while user and profile are active; null for a system actor. */
async function loQueTiene(tx: Tx, actor: AuditActor): Promise<Grants | null> {
  if (!actor) return null;
  const [row] = await tx
    .select({
      perfil: usUsuarios.usPerfilId,
      activo: sql<boolean>`${usUsuarios.activo} and ${usPerfiles.activo}`,
    })
    .from(usUsuarios)
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(eq(usUsuarios.id, actor.id));
  if (!row?.activo) return { screens: [], operations: [] };
  return otorgadoPor(tx, row.perfil);
}

/** 403 `msg` on `param` unless the actor holds every grant of `otorga`. */
export async function assertDentroDeLoSuyo(
  tx: Tx,
  actor: AuditActor,
  otorga: Partial<Grants>,
  msg: string,
  param: string,
): Promise<void> {
  const tiene = await loQueTiene(tx, actor);
  if (tiene && !dentroDe(tiene, otorga)) throw new Abort(fail(403, msg, param));
}

/** 403 `msg` on `param` unless the actor holds every grant of profile `perfilId`. */
export async function assertPerfilAlAlcance(
  tx: Tx,
  actor: AuditActor,
  perfilId: number,
  msg: string,
  param: string,
): Promise<void> {
  await assertDentroDeLoSuyo(tx, actor, await otorgadoPor(tx, perfilId), msg, param);
}

/** 403 when `perfilId` is the actor's own profile: nobody changes their own profile's grants. */
export async function assertNoEsSuPerfil(tx: Tx, actor: AuditActor, perfilId: number, param: string): Promise<void> {
  if ((await perfilDelActor(tx, actor)) === perfilId) throw new Abort(fail(403, ESCALADA_MSG.PROPIO_PERFIL, param));
}

/**
 * Runs a write and, when this rule refused it, records the refusal in the audit log (`seguridad.rechazo`: what was
 * tried and why) in its own transaction: the write's own rolled back with it.
 */
export async function conRechazoAuditado<R extends { ok: true } | Failure>(
  actor: AuditActor,
  intento: Omit<AuditEntry, "accion"> & { accion: string },
  run: () => Promise<R>,
): Promise<R> {
  const result = await run();
  if (!result.ok && result.status === 403 && esRechazoDeEscalada(result.msg)) {
    await inTransaction(async (tx) => {
      await audit(tx, actor, {
        accion: "seguridad.rechazo",
        entidad: intento.entidad,
        entidadId: intento.entidadId,
        detalle: { intento: intento.accion, msg: result.msg, ...(intento.detalle ?? {}) },
      });
      return { ok: true as const };
    });
  }
  return result;
}
