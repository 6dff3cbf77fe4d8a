// Users: creation (POST /api/users, register). Listing and editing belong to the /users screen.
import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { isUniqueViolation } from "~db/errors";
import { usPerfiles, usUsuarios } from "~db/schema/auth";
import { hashPassword } from "~/auth/password.server";
import { passwordProblem } from "~/auth/password-policy";
import type { RegisterInput } from "~/auth/credentials.schema";
import { audit, type AuditActor } from "~/modules/audit-log/audit.server";

export type CreateUserResult =
  | { ok: true; user: { id: number; usuario: string; type_usr: number } }
  | { ok: false; status: 409 | 422; msg: string; param: string };

export const USER_EXISTS = "El usuario ya existe";
export const UNKNOWN_PROFILE = "El perfil no existe";

export async function createUser(input: RegisterInput, by: AuditActor): Promise<CreateUserResult> {
  // the password policy (ADR 025) holds whatever schema the caller used
  const problem = passwordProblem(input.password, input.usuario);
  if (problem) return { ok: false, status: 422, msg: problem, param: "password" };
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [perfil] = await tx
        .select({ id: usPerfiles.id })
        .from(usPerfiles)
        .where(eq(usPerfiles.id, input.usPerfilId));
      if (!perfil) return { ok: false as const, status: 422 as const, msg: UNKNOWN_PROFILE, param: "usPerfilId" };
      const [created] = await tx
        .insert(usUsuarios)
        .values({
          apeynom: input.apeynom.toUpperCase(),
          usuario: input.usuario,
          passwordHash,
          usPerfilId: input.usPerfilId,
          typeUsr: input.type_usr,
        })
        .returning({ id: usUsuarios.id, usuario: usUsuarios.usuario, type_usr: usUsuarios.typeUsr });
      await audit(tx, by, {
        accion: "usuario.crear",
        entidad: "usuario",
        entidadId: created.id,
        detalle: { usuario: created.usuario, perfil: input.usPerfilId },
      });
      return { ok: true as const, user: created };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, status: 409, msg: USER_EXISTS, param: "usuario" };
    throw e;
  }
}
