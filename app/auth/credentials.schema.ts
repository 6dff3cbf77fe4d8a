// zod schemas of the session forms, shared by the screens (conform) and the JSON API.
import { z } from "~/lib/zod";
import { positiveIntId } from "~/lib/input";
import { PASSWORD_MAX, passwordProblem, userNameProblem } from "./password-policy";

export { PASSWORD_MAX, PASSWORD_MIN } from "./password-policy";

const REQUIRED = "Todos los campos son obligatorios!";
const TOO_LONG = "El usuario o la contraseña exceden el largo permitido";

export const LoginSchema = z.object({
  usuario: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(64, TOO_LONG),
  password: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(128, TOO_LONG)
    .refine((p) => p.trim().length > 0, REQUIRED),
});
export type LoginInput = z.infer<typeof LoginSchema>;

const PASS_REQUIRED = "La contrasena es obligatoria";
const PASS_TOO_LONG = "La contraseña es demasiado larga";

/**
 * A new password: required, at most 128 characters, and the password policy (ADR 025). The rule about the user
 * name needs the name: see `userNameRule`.
 */
function newPassword() {
  return z
    .string({ error: PASS_REQUIRED })
    .min(1, PASS_REQUIRED)
    .max(PASSWORD_MAX, PASS_TOO_LONG)
    .superRefine((password, ctx) => {
      const msg = passwordProblem(password);
      if (msg) ctx.addIssue({ code: "custom", message: msg });
    });
}

/**
 * The policy's user-name rule on an object: `field` holds the new password, `usuario` gives the name of the user it
 * is for. Only once the password passes the rest of the policy, so one message shows at a time.
 */
function userNameRule<T extends Record<string, unknown>>(field: keyof T & string, usuario: (v: T) => unknown) {
  return (v: T, ctx: z.RefinementCtx) => {
    const password = v[field];
    const name = usuario(v);
    if (typeof password !== "string" || typeof name !== "string" || passwordProblem(password)) return;
    const msg = userNameProblem(password, name);
    if (msg) ctx.addIssue({ code: "custom", message: msg, path: [field] });
  };
}

const changePasswordShape = z
  .object({
    currente_pass: z
      .string({ error: "Debe ingresar la contraseña actual" })
      .min(1, "Debe ingresar la contraseña actual")
      .max(PASSWORD_MAX, PASS_TOO_LONG),
    new_pass: newPassword(),
    repeat_new_pass: z.string({ error: PASS_REQUIRED }).min(1, PASS_REQUIRED).max(PASSWORD_MAX, PASS_TOO_LONG),
  })
  .refine((v) => v.new_pass === v.repeat_new_pass, {
    message: "La contrasenas deben coincidir",
    path: ["repeat_new_pass"],
  })
  .refine((v) => v.new_pass !== v.currente_pass, {
    message: "La contraseña nueva debe ser distinta de la actual",
    path: ["new_pass"],
  });

/** PUT /api/users/cambiarcontrasenia and /change-password, for the signed-in user `usuario`: the whole policy. */
export function changePasswordSchema(usuario: string) {
  return changePasswordShape.superRefine(userNameRule("new_pass", () => usuario));
}

/**
 * The change-password form without the user-name rule (the name comes from the session): the routes use
 * changePasswordSchema(user.usuario), and changeOwnPassword checks the whole policy again.
 */
export const ChangePasswordSchema = changePasswordShape;
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const MSG_PERFIL_INVALIDO = "Perfil inválido";
export const MSG_TIPO_USUARIO_INVALIDO = "Tipo de usuario inválido";

/** An id in a JSON body, as a number or as digits ('2', 2): within a Postgres integer, else `msg`. */
function jsonId(msg: string) {
  return z
    .union([z.number().transform(String), z.string()], { error: msg })
    .pipe(positiveIntId(msg))
    .optional();
}

/** POST /api/users (register): the user form of spec part 2 §5. */
export const RegisterSchema = z
  .object({
    apeynom: z
      .string({ error: "El nombre es obligatorio" })
      .trim()
      .min(1, "El nombre es obligatorio")
      .max(120, "El nombre es demasiado largo"),
    usuario: z
      .string({ error: "El usuario es obligatorio" })
      .trim()
      .min(1, "El usuario es obligatorio")
      .max(64, "El usuario es demasiado largo")
      .regex(/^[A-Za-z0-9._-]+$/, "El usuario solo admite letras, números, punto, guion y guion bajo"),
    password: newPassword(),
    usPerfilId: jsonId(MSG_PERFIL_INVALIDO).transform((id) => id ?? 1),
    type_usr: jsonId(MSG_TIPO_USUARIO_INVALIDO)
      .transform((t) => t ?? 1)
      .refine((t) => t === 1 || t === 2, MSG_TIPO_USUARIO_INVALIDO),
  })
  .superRefine(userNameRule("password", (v) => v.usuario));
export type RegisterInput = z.infer<typeof RegisterSchema>;
