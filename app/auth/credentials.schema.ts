// zod schemas of the session forms, shared by the screens (conform) and the JSON API.
import { z } from "zod";

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

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const PASS_REQUIRED = "La contrasena es obligatoria";

export const ChangePasswordSchema = z
  .object({
    currente_pass: z
      .string({ error: "Debe ingresar la contraseña actual" })
      .min(1, "Debe ingresar la contraseña actual")
      .max(PASSWORD_MAX, "La contraseña es demasiado larga"),
    new_pass: z
      .string({ error: PASS_REQUIRED })
      .min(1, PASS_REQUIRED)
      .min(PASSWORD_MIN, `La contraseña nueva debe tener al menos ${PASSWORD_MIN} caracteres`)
      .max(PASSWORD_MAX, "La contraseña es demasiado larga"),
    repeat_new_pass: z
      .string({ error: PASS_REQUIRED })
      .min(1, PASS_REQUIRED)
      .max(PASSWORD_MAX, "La contraseña es demasiado larga"),
  })
  .refine((v) => v.new_pass === v.repeat_new_pass, {
    message: "La contrasenas deben coincidir",
    path: ["repeat_new_pass"],
  })
  .refine((v) => v.new_pass !== v.currente_pass, {
    message: "La contraseña nueva debe ser distinta de la actual",
    path: ["new_pass"],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** POST /api/users (register): the user form of spec part 2 §5. */
export const RegisterSchema = z.object({
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
  password: z
    .string({ error: PASS_REQUIRED })
    .min(1, PASS_REQUIRED)
    .min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres`)
    .max(PASSWORD_MAX, "La contraseña es demasiado larga"),
  usPerfilId: z.coerce
    .number({ error: "Perfil inválido" })
    .int("Perfil inválido")
    .positive("Perfil inválido")
    .default(1),
  type_usr: z.coerce.number().int().min(1).max(2).default(1),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;
