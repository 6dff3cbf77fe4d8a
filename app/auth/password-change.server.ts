// Changing one's own password: the new one must meet the policy, the current one is checked as a throttled password
// guess (ADR 025: the same reservation and limits as a sign-in, for the signed-in user at this address), then the
// new hash is stored and the user's other sessions end.
import { eq } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { inTransaction } from "~db/transaction";
import { usUsuarios } from "~db/schema/auth";
import { audit } from "~/lib/audit.server";
import { forgetFailures, guessFor, reserveGuess, settleGuess, type Guess } from "./login.server";
import { hashPassword, verifyPassword } from "./password.server";
import { passwordProblem } from "./password-policy";
import type { ChangePasswordInput } from "./credentials.schema";
import { revokeOtherSessions, type SessionUser } from "./sessions.server";

export const PASSWORD_CHANGED = "La contraseña fue modificada con éxito";
export const WRONG_CURRENT = "La contraseña actual es incorrecta";

export type ChangeResult =
  { ok: true; msg: string } | { ok: false; status: 422 | 429; msg: string; param: "currente_pass" | "new_pass" };

export async function changeOwnPassword(
  user: SessionUser,
  input: ChangePasswordInput,
  now = new Date(),
): Promise<ChangeResult> {
  const problem = passwordProblem(input.new_pass, user.usuario);
  if (problem) return { ok: false, status: 422, msg: problem, param: "new_pass" };
  const db = await getDb();
  const actor = { id: user.id, usuario: user.usuario };
  const guess = guessFor(user.usuario);
  const reserved = await reserveGuess(guess, now);
  if (!reserved.ok) {
    await audit(db, actor, {
      accion: "usuario.cambiar_contrasenia.bloqueado",
      entidad: "usuario",
      entidadId: user.id,
      detalle: { motivo: reserved.reason },
    });
    return { ok: false, status: 429, msg: reserved.msg, param: "currente_pass" };
  }
  try {
    return await verifyAndChange(user, input, guess);
  } finally {
    settleGuess(guess);
  }
}

async function verifyAndChange(user: SessionUser, input: ChangePasswordInput, guess: Guess): Promise<ChangeResult> {
  const db = await getDb();
  const actor = { id: user.id, usuario: user.usuario };
  const [row] = await db
    .select({ passwordHash: usUsuarios.passwordHash })
    .from(usUsuarios)
    .where(eq(usUsuarios.id, user.id));
  if (!row || !(await verifyPassword(row.passwordHash, input.currente_pass))) {
    // the reservation stays: it is this failure
    await audit(db, actor, { accion: "usuario.cambiar_contrasenia.fallido", entidad: "usuario", entidadId: user.id });
    return { ok: false, status: 422, msg: WRONG_CURRENT, param: "currente_pass" };
  }
  const passwordHash = await hashPassword(input.new_pass);
  await inTransaction(async (tx) => {
    await forgetFailures(tx, guess);
    await tx.update(usUsuarios).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(usUsuarios.id, user.id));
    await audit(tx, actor, { accion: "usuario.cambiar_contrasenia", entidad: "usuario", entidadId: user.id });
  });
  await revokeOtherSessions(user.id, user.sessionId);
  return { ok: true, msg: PASSWORD_CHANGED };
}
