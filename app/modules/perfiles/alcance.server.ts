// Nobody gives anyone, themselves included, more than they hold (issue 26; docs/decisions/046): enforced here, inside
// the write's transaction, for every path (the screens' forms and the JSON API reach the same module functions).
// What the actor holds is read from the database in that transaction (their profile's grants while both are active,
// and the responsables they see: issue 35, the scope is a grant), never from the session or the client. Nobody
// changes their own usuario (a CUIT would change what they see). A refusal is 403 with a Spanish msg; the write rolls
// back, so the refusal is audited apart (`conRechazoAuditado`). A system actor (null: start-up, scripts) is not
// limited.
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~db/client.server";
import { usPerfiles, usUsuarios } from "~db/schema/auth";
import { Abort, fail, inTransaction, type Failure } from "~db/transaction";
import { profilePermissions } from "~/auth/permissions.server";
import { audit, type AuditActor, type AuditEntry } from "~/lib/audit.server";
import type { Permissions } from "~/auth/rules";
import { alcanceResponsables, type UsuarioResponsable } from "~/modules/prestadores/rules";
import { ESCALADA, ESCALADA_MSG, excede, type Exceso, type Grants, type MensajesEscalada, type Poder } from "./rules";

/** A user as this rule reads them: their profile and their usuario (a CUIT is a scope of responsables). */
export type UsuarioAlcance = { usPerfilId: number; usuario: string };

/** What a user of profile `perfilId` named `usuario` holds (a profile alone: usuario ''); empty lists if no profile. */
async function poderDe(db: Db | Tx, perfilId: number, usuario = ""): Promise<Poder> {
  const p = await profilePermissions(db, perfilId);
  return {
    screens: p.allowed_screen,
    operations: p.allowed_operation,
    responsables: alcanceResponsables({ usuario, profile: { id: perfilId } }),
  };
}

const NADA: Poder = { screens: [], operations: [], responsables: { todos: false, cuit: null } };

/** The profile the actor belongs to now (null for a system actor or an unknown user). */
export async function perfilDelActor(tx: Tx, actor: AuditActor): Promise<number | null> {
  if (!actor) return null;
  const [row] = await tx.select({ perfil: usUsuarios.usPerfilId }).from(usUsuarios).where(eq(usUsuarios.id, actor.id));
  return row?.perfil ?? null;
}

/** What the actor holds now: their profile's grants and scope while user and profile are active; null: system actor. */
async function loQueTiene(tx: Tx, actor: AuditActor): Promise<Poder | null> {
  if (!actor) return null;
  const [row] = await tx
    .select({
      perfil: usUsuarios.usPerfilId,
      usuario: usUsuarios.usuario,
      activo: sql<boolean>`${usUsuarios.activo} and ${usPerfiles.activo}`,
    })
    .from(usUsuarios)
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(eq(usUsuarios.id, actor.id));
  if (!row?.activo) return NADA;
  return poderDe(tx, row.perfil, row.usuario);
}

/** 403 on `param` (the message for what is beyond) unless the actor holds everything `otorga` holds. */
async function assertAlAlcance(
  tx: Tx,
  actor: AuditActor,
  otorga: Partial<Poder>,
  msgs: MensajesEscalada,
  param: string,
): Promise<void> {
  const tiene = await loQueTiene(tx, actor);
  const exceso: Exceso | null = tiene && excede(tiene, otorga);
  if (exceso) throw new Abort(fail(403, msgs[exceso], param, "escalation"));
}

/** 403 `msg` on `param` unless the actor holds every grant of `otorga`. */
export async function assertDentroDeLoSuyo(
  tx: Tx,
  actor: AuditActor,
  otorga: Partial<Grants>,
  msg: string,
  param: string,
): Promise<void> {
  await assertAlAlcance(tx, actor, otorga, { grants: msg, responsables: msg }, param);
}

/** 403 on `param` unless the actor holds every grant of profile `perfilId` and sees every responsable it sees. */
export async function assertPerfilAlAlcance(
  tx: Tx,
  actor: AuditActor,
  perfilId: number,
  msgs: MensajesEscalada,
  param: string,
): Promise<void> {
  await assertAlAlcance(tx, actor, await poderDe(tx, perfilId), msgs, param);
}

/**
 * 403 on `param` unless the actor holds everything user `u` holds (or would hold): their profile's grants and the
 * responsables their profile and their usuario (a CUIT) see.
 */
export async function assertUsuarioAlAlcance(
  tx: Tx,
  actor: AuditActor,
  u: UsuarioAlcance,
  msgs: MensajesEscalada,
  param: string,
): Promise<void> {
  await assertAlAlcance(tx, actor, await poderDe(tx, u.usPerfilId, u.usuario), msgs, param);
}

/** 403 on `usuario` when user `id` is the actor and `antes` → `despues` changes their usuario (the system actor may). */
export function assertNoEsSuUsuario(actor: AuditActor, id: number, antes: string, despues: string): void {
  if (actor && actor.id === id && antes !== despues)
    throw new Abort(fail(403, ESCALADA_MSG.PROPIO_USUARIO, "usuario", "escalation"));
}

/**
 * Why the lists of profile `perfilId` are not `user`'s to change (ADR 046): beyond their grants or their scope (the
 * message the write would answer); null when within. For the screens: the writes check it again in the database.
 */
export async function perfilExcede(
  db: Db | Tx,
  user: Permissions & UsuarioResponsable,
  perfilId: number,
): Promise<string | null> {
  const tiene: Poder = {
    screens: user.allowed_screen,
    operations: user.allowed_operation,
    responsables: alcanceResponsables(user),
  };
  const exceso = excede(tiene, await poderDe(db, perfilId));
  return exceso && ESCALADA.MODIFICAR_PERFIL[exceso];
}

/** 403 when `perfilId` is the actor's own profile: nobody changes their own profile's grants. */
export async function assertNoEsSuPerfil(tx: Tx, actor: AuditActor, perfilId: number, param: string): Promise<void> {
  if ((await perfilDelActor(tx, actor)) === perfilId)
    throw new Abort(fail(403, ESCALADA_MSG.PROPIO_PERFIL, param, "escalation"));
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
  if (!result.ok && result.code === "escalation") {
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
