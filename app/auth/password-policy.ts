// The policy for new passwords (ADR 025), for creating a user, changing one's own password and an administrator's
// reset: at least 8 characters, not the user name (nor containing it), not a common password. Pure and
// browser-safe: the forms check it live with the same messages the server gives. Existing passwords (the seeded
// demo users) are not checked: only new ones are.
import { COMMON_PASSWORDS } from "./common-passwords";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_TOO_SHORT = `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`;
export const PASSWORD_IS_USER = "La contraseña no puede ser igual al usuario";
export const PASSWORD_HAS_USER = "La contraseña no puede contener el usuario";
export const PASSWORD_TOO_COMMON = "La contraseña es demasiado común; elija otra";

/** A user name shorter than this may appear inside a password ('ana' in 'banana…'); equal is always refused. */
const USER_IN_PASSWORD_MIN = 4;

/** Lower case, accents off ('Contraseña' → 'contrasena'). */
function fold(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

const COMMON = new Set(COMMON_PASSWORDS.map(fold));

/** Keyboard rows and runs: a password that is a stretch of one of these (either way) is a sequence. */
const RUNS = [
  "abcdefghijklmnopqrstuvwxyz",
  "01234567890",
  "qwertyuiop",
  "asdfghjklñ",
  "zxcvbnm",
  "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p",
  "qazwsxedcrfvtgbyhnujmikolp",
  "1q2w3e4r5t6y7u8i9o0p",
].flatMap((r) => [r, [...r].reverse().join("")]);

/** Patterns only look at stretches this long ('a' around digits is no pattern). */
const PATTERN_MIN = 6;

/** One short unit repeated: 'aaaaaaaa', '12121212', 'abcabcabc'. */
function repeatsShortUnit(s: string): boolean {
  for (let k = 1; k <= 3; k++) {
    const unit = s.slice(0, k);
    if (unit.repeat(Math.ceil(s.length / k)).slice(0, s.length) === s) return true;
  }
  return false;
}

/** True for the common passwords, one of them with digits or symbols around it, repetitions and sequences. */
export function isCommonPassword(password: string): boolean {
  const folded = fold(password);
  const bare = folded.replace(/[^a-z0-9ñ]/g, ""); // 'qwerty-123' → 'qwerty123'
  const core = folded.replace(/^[^a-zñ]+|[^a-zñ]+$/g, ""); // 'Osep2026!' → 'osep'
  for (const candidate of new Set([folded, bare, core])) {
    if (candidate === "") continue;
    if (COMMON.has(candidate)) return true;
    if (candidate.length < PATTERN_MIN) continue;
    if (repeatsShortUnit(candidate)) return true;
    if (RUNS.some((run) => run.includes(candidate))) return true;
  }
  return false;
}

/** The policy's rule about the user name alone: the message, or null. */
export function userNameProblem(password: string, usuario: string): string | null {
  const user = fold(usuario.trim());
  if (!user) return null;
  const folded = fold(password);
  if (folded === user) return PASSWORD_IS_USER;
  if (user.length >= USER_IN_PASSWORD_MIN && folded.includes(user)) return PASSWORD_HAS_USER;
  return null;
}

/**
 * The first rule a new password breaks, as the Spanish message to show, or null when it is acceptable. `usuario`
 * is the name of the user it is for (leave it out only where no user is known yet: that rule is then skipped).
 */
export function passwordProblem(password: string, usuario?: string): string | null {
  if (password.length < PASSWORD_MIN) return PASSWORD_TOO_SHORT;
  const byName = usuario === undefined ? null : userNameProblem(password, usuario);
  if (byName) return byName;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return null;
}
