// Users (spec part 2 §2 'Administracion de usuario', §3 User, §7 /api/users): the list with search, sort and
// paging, one user, creation (the screen and POST /api/users, register), edit and an administrator's password reset.
// Every write runs in one transaction with its audit entry; the guard rails of docs/decisions/034 hold here, on
// every path: nobody leaves the system without an active administrator (administradores.server.ts), nobody
// deactivates themself or changes their own profile, a deactivated user's sessions end in the same transaction, a
// reset ends the user's other sessions. No password or hash ever leaves this module or enters an audit entry.
import { forgetSessions } from "~/auth/session-cache.server";
import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "~db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~db/errors";
import { sesiones, usPerfiles, usUsuarios } from "~db/schema/auth";
import { Abort, fail, inTransaction, isDbId, type Failure } from "~db/transaction";
import { hashPassword } from "~/auth/password.server";
import { passwordProblem } from "~/auth/password-policy";
import type { TableQuery } from "~/lib/table-state";
import { containsPattern } from "~/lib/text-search.server";
import {
  assertNoEsSuUsuario,
  assertPerfilAlAlcance,
  assertUsuarioAlAlcance,
  conRechazoAuditado,
} from "~/modules/perfiles/alcance.server";
import { ESCALADA, excede } from "~/modules/perfiles/rules";
import { alcanceDelPerfil, alcanceResponsables, type UsuarioResponsable } from "~/modules/prestadores/rules";
import { operationsOf, screensOf } from "~/auth/permissions.server";
import type { Permissions } from "~/auth/rules";
import { audit, type AuditActor } from "~/lib/audit.server";
import { assertQuedaAdministrador, lockAdministradores } from "./administradores.server";
import type { UsuarioSort } from "./rules";
import type { CrearUsuarioInput, ModificarUsuarioInput, ResetearContrasenaInput } from "./usuarios.schema";

export const USER_EXISTS = "El usuario ya existe";
const UNKNOWN_PROFILE = "El perfil no existe";
export const UNKNOWN_USER = "El usuario no existe";
export const PROPIA_DESACTIVACION = "No puede desactivar su propio usuario";
export const PROPIO_PERFIL = "No puede cambiar su propio perfil";
const USUARIO_MODIFICADO = "Usuario fué modificado con exito";
const CONTRASENA_RESETEADA = "La contraseña fué reseteada con exito";
export const USUARIO_CREADO = "Usuario creado con exito";

/** A user as the API and the screen show it (spec §3): never the password or its hash. */
export type Usuario = {
  id: number;
  apeynom: string;
  usuario: string;
  usPerfilId: number;
  activo: boolean;
  us_perfil: { descripcion: string };
};

/** Who does it: the audit entry's actor, and their session (a reset of one's own password keeps it). */
export type Actor = { id: number; usuario: string; sessionId?: number };

const columns = {
  id: usUsuarios.id,
  apeynom: usUsuarios.apeynom,
  usuario: usUsuarios.usuario,
  usPerfilId: usUsuarios.usPerfilId,
  activo: usUsuarios.activo,
  perfil: usPerfiles.descripcion,
};

type Row = { id: number; apeynom: string; usuario: string; usPerfilId: number; activo: boolean; perfil: string };

const toUsuario = (r: Row): Usuario => ({
  id: r.id,
  apeynom: r.apeynom,
  usuario: r.usuario,
  usPerfilId: r.usPerfilId,
  activo: r.activo,
  us_perfil: { descripcion: r.perfil },
});

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    sql`${usUsuarios.apeynom} ILIKE ${pattern}`,
    sql`${usUsuarios.usuario} ILIKE ${pattern}`,
    sql`${usPerfiles.descripcion} ILIKE ${pattern}`,
  );
}

const SORT_COLUMN = {
  apeynom: usUsuarios.apeynom,
  usuario: sql`lower(${usUsuarios.usuario})`,
  perfil: usPerfiles.descripcion,
  activo: usUsuarios.activo,
} as const;

/** One page of users matching `q` (name, usuario or profile; contains, any case), sorted by a column. */
export async function listUsuarios(
  query: TableQuery<UsuarioSort>,
): Promise<{ rows: Usuario[]; total: number; page: number }> {
  const db = await getDb();
  const where = searchCondition(query.q);
  const [{ total }] = await db
    .select({ total: count() })
    .from(usUsuarios)
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(where);
  // a page past the end shows the last one
  const last = Math.max(0, Math.ceil(total / query.size) - 1);
  const page = Math.min(query.page, last);
  const order = query.dir === "desc" ? desc : asc;
  const rows = await db
    .select(columns)
    .from(usUsuarios)
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(where)
    .orderBy(order(SORT_COLUMN[query.sort]), asc(usUsuarios.id))
    .limit(query.size)
    .offset(page * query.size);
  return { rows: rows.map(toUsuario), total, page };
}

/** Every user (GET /api/users), by name. */
export async function todosLosUsuarios(): Promise<Usuario[]> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(usUsuarios)
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .orderBy(asc(usUsuarios.apeynom), asc(usUsuarios.id));
  return rows.map(toUsuario);
}

/** One user, or null (an id no integer column holds is no user either). */
export async function usuarioPorId(id: number): Promise<Usuario | null> {
  if (!isDbId(id)) return null;
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(usUsuarios)
    .innerJoin(usPerfiles, eq(usPerfiles.id, usUsuarios.usPerfilId))
    .where(eq(usUsuarios.id, id));
  return row ? toUsuario(row) : null;
}

/** The profile's id, qualified (the grants' subqueries have columns named id too). */
const PERFIL_ID = sql`"us_perfiles"."id"`;

export type PerfilParaUsuario = { id: number; descripcion: string; activo: boolean; otorgable: boolean };

/**
 * The profiles of the dialogs' select: every profile, inactive ones marked, each `otorgable` when `actor` holds all of
 * its screens and operations and sees every responsable it sees (ADR 046: only those may be given; the write checks
 * it again).
 */
export async function perfilesParaUsuarios(actor: Permissions & UsuarioResponsable): Promise<PerfilParaUsuario[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: usPerfiles.id,
      descripcion: usPerfiles.descripcion,
      activo: usPerfiles.activo,
      screens: screensOf(PERFIL_ID),
      operations: operationsOf(PERFIL_ID),
    })
    .from(usPerfiles)
    .orderBy(asc(usPerfiles.id));
  const tiene = {
    screens: actor.allowed_screen,
    operations: actor.allowed_operation,
    responsables: alcanceResponsables(actor),
  };
  return rows.map(({ screens, operations, ...p }) => ({
    ...p,
    otorgable: !excede(tiene, { screens, operations, responsables: alcanceDelPerfil(p.id) }),
  }));
}

/** A duplicate usuario (the case-insensitive unique index) or a profile deleted meanwhile, as field errors. */
function writeError(e: unknown): Failure | undefined {
  if (isUniqueViolation(e)) return fail(409, USER_EXISTS, "usuario", "duplicate");
  if (isForeignKeyViolation(e)) return fail(422, UNKNOWN_PROFILE, "usPerfilId");
  return undefined;
}

async function assertPerfil(tx: Tx, id: number): Promise<void> {
  const [perfil] = await tx.select({ id: usPerfiles.id }).from(usPerfiles).where(eq(usPerfiles.id, id));
  if (!perfil) throw new Abort(fail(422, UNKNOWN_PROFILE, "usPerfilId"));
}

export type CreateUserInput = Omit<CrearUsuarioInput, "activo"> & { activo?: boolean; type_usr?: number };

/**
 * A new user (the screen's 'Nuevo usuario' and POST /api/users): the password policy holds whatever schema the
 * caller used (ADR 025); the name is stored in capitals; audited as usuario.crear.
 */
export async function createUser(
  input: CreateUserInput,
  by: AuditActor,
): Promise<{ ok: true; user: { id: number; usuario: string; type_usr: number } } | Failure> {
  const problem = passwordProblem(input.password, input.usuario);
  if (problem) return fail(422, problem, "password");
  const passwordHash = await hashPassword(input.password);
  const intento = {
    accion: "usuario.crear",
    entidad: "usuario",
    detalle: { usuario: input.usuario, perfil: input.usPerfilId },
  };
  return conRechazoAuditado(by, intento, () =>
    inTransaction(async (tx) => {
      await assertPerfil(tx, input.usPerfilId);
      await assertPerfilAlAlcance(tx, by, input.usPerfilId, ESCALADA.PERFIL, "usPerfilId");
      // a usuario that is a CUIT sees that responsable (issue 35): only one the actor sees
      await assertUsuarioAlAlcance(tx, by, input, ESCALADA.CUIT, "usuario");
      const [created] = await tx
        .insert(usUsuarios)
        .values({
          apeynom: input.apeynom.toUpperCase(),
          usuario: input.usuario,
          passwordHash,
          usPerfilId: input.usPerfilId,
          typeUsr: input.type_usr ?? 1,
          activo: input.activo ?? true,
        })
        .returning({ id: usUsuarios.id, usuario: usUsuarios.usuario, type_usr: usUsuarios.typeUsr });
      await audit(tx, by, {
        accion: "usuario.crear",
        entidad: "usuario",
        entidadId: created.id,
        detalle: { usuario: created.usuario, perfil: input.usPerfilId, activo: input.activo ?? true },
      });
      return { ok: true as const, user: created };
    }, writeError),
  );
}

/** Ends every open session and API token of a user, except `keep` (the caller's own). */
async function revocarSesiones(tx: Tx, usuarioId: number, keep?: number): Promise<void> {
  const conds = [eq(sesiones.usuarioId, usuarioId), isNull(sesiones.revokedAt)];
  if (keep != null) conds.push(ne(sesiones.id, keep));
  await tx
    .update(sesiones)
    .set({ revokedAt: new Date() })
    .where(and(...conds));
}

type Estado = { apeynom: string; usuario: string; usPerfilId: number; activo: boolean };

async function estadoActual(tx: Tx, id: number): Promise<Estado> {
  if (!isDbId(id)) throw new Abort(fail(404, UNKNOWN_USER, "id"));
  const [row] = await tx
    .select({
      apeynom: usUsuarios.apeynom,
      usuario: usUsuarios.usuario,
      usPerfilId: usUsuarios.usPerfilId,
      activo: usUsuarios.activo,
    })
    .from(usUsuarios)
    .where(eq(usUsuarios.id, id))
    .for("update");
  if (!row) throw new Abort(fail(404, UNKNOWN_USER, "id"));
  return row;
}

/**
 * Edit a user (name, usuario, profile, estado). Refused: an unknown id (404), a duplicate usuario (409), an
 * unknown profile (422), deactivating oneself or changing one's own profile (409), changing one's own usuario or
 * reaching beyond one's own grants and scope (403, ADR 046), and a change that would leave no active administrator
 * (409). Deactivating ends the user's sessions and tokens in the same transaction.
 */
export async function updateUsuario(
  input: ModificarUsuarioInput,
  actor: Actor,
): Promise<{ ok: true; msg: string; user: Usuario } | Failure> {
  const intento = { accion: "usuario.modificar", entidad: "usuario", entidadId: input.id };
  const result = await conRechazoAuditado(actor, intento, () =>
    inTransaction(async (tx) => {
      const antes = await estadoActual(tx, input.id);
      // Nobody changes their own usuario, nor a user who holds more than they do (grants or responsables seen),
      // nor gives anyone a profile or a usuario's CUIT beyond their own (ADR 046).
      assertNoEsSuUsuario(actor, input.id, antes.usuario, input.usuario);
      await assertUsuarioAlAlcance(tx, actor, antes, ESCALADA.USUARIO, "id");
      const despues: Estado = {
        apeynom: input.apeynom.toUpperCase(),
        usuario: input.usuario,
        usPerfilId: input.usPerfilId ?? antes.usPerfilId,
        activo: input.activo ?? antes.activo,
      };
      const desactiva = antes.activo && !despues.activo;
      const cambiaPerfil = antes.usPerfilId !== despues.usPerfilId;
      if (input.id === actor.id && desactiva) throw new Abort(fail(409, PROPIA_DESACTIVACION, "activo"));
      if (input.id === actor.id && cambiaPerfil) throw new Abort(fail(409, PROPIO_PERFIL, "usPerfilId"));
      if (cambiaPerfil) {
        await assertPerfil(tx, despues.usPerfilId);
        await assertPerfilAlAlcance(tx, actor, despues.usPerfilId, ESCALADA.PERFIL, "usPerfilId");
      }
      if (despues.usuario !== antes.usuario) await assertUsuarioAlAlcance(tx, actor, despues, ESCALADA.CUIT, "usuario");
      if (desactiva || cambiaPerfil) await lockAdministradores(tx);
      await tx.update(usUsuarios).set(despues).where(eq(usUsuarios.id, input.id));
      if (desactiva || cambiaPerfil) await assertQuedaAdministrador(tx, desactiva ? "activo" : "usPerfilId");
      if (desactiva) await revocarSesiones(tx, input.id);
      await audit(tx, actor, {
        accion: "usuario.modificar",
        entidad: "usuario",
        entidadId: input.id,
        detalle: { antes, despues },
      });
      return { ok: true as const };
    }, writeError),
  );
  forgetSessions(); // after the commit: this process's next request sees the change
  if (!result.ok) return result;
  const user = await usuarioPorId(input.id);
  return { ok: true, msg: USUARIO_MODIFICADO, user: user! };
}

/**
 * An administrator sets a user's password: the policy (with that user's name) holds, the hash replaces the old
 * one, and every session of that user ends except the caller's current one (when resetting their own).
 */
export async function resetContrasenia(
  input: ResetearContrasenaInput,
  actor: Actor,
): Promise<{ ok: true; msg: string } | Failure> {
  const target = await usuarioPorId(input.id);
  if (!target) return fail(404, UNKNOWN_USER, "id");
  const problem = passwordProblem(input.password, target.usuario);
  if (problem) return fail(422, problem, "password");
  const passwordHash = await hashPassword(input.password);
  const intento = { accion: "usuario.resetear-contrasenia", entidad: "usuario", entidadId: input.id };
  const result = await conRechazoAuditado(actor, intento, () =>
    inTransaction(async (tx) => {
      await assertUsuarioAlAlcance(tx, actor, await estadoActual(tx, input.id), ESCALADA.USUARIO, "id");
      await tx
        .update(usUsuarios)
        .set({ passwordHash, passwordChangedAt: new Date() })
        .where(eq(usUsuarios.id, input.id));
      await revocarSesiones(tx, input.id, actor.sessionId);
      await audit(tx, actor, {
        accion: "usuario.resetear-contrasenia",
        entidad: "usuario",
        entidadId: input.id,
        detalle: { usuario: target.usuario },
      });
      return { ok: true as const, msg: CONTRASENA_RESETEADA };
    }),
  );
  forgetSessions();
  return result;
}
