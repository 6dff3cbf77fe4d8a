// Changing one's own password: checks the current one, stores the new hash, ends the user's other sessions.
import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { usUsuarios } from "~db/schema/auth";
import { audit } from "~/modules/audit-log/audit.server";
import { hashPassword, verifyPassword } from "./password.server";
import type { ChangePasswordInput } from "./credentials.schema";
import { revokeOtherSessions, type SessionUser } from "./sessions.server";

export const PASSWORD_CHANGED = "La contraseña fue modificada con éxito";
export const WRONG_CURRENT = "La contraseña actual es incorrecta";

export type ChangeResult = { ok: true; msg: string } | { ok: false; msg: string; param: string };

export async function changeOwnPassword(user: SessionUser, input: ChangePasswordInput): Promise<ChangeResult> {
  const db = await getDb();
  const [row] = await db
    .select({ passwordHash: usUsuarios.passwordHash })
    .from(usUsuarios)
    .where(eq(usUsuarios.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, input.currente_pass))) {
    return { ok: false, msg: WRONG_CURRENT, param: "currente_pass" };
  }
  const passwordHash = await hashPassword(input.new_pass);
  await db.transaction(async (tx) => {
    await tx.update(usUsuarios).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(usUsuarios.id, user.id));
    await audit(tx, user, { accion: "usuario.cambiar_contrasenia", entidad: "usuario", entidadId: user.id });
  });
  await revokeOtherSessions(user.id, user.sessionId);
  return { ok: true, msg: PASSWORD_CHANGED };
}
