// The forms of 'Administracion de usuario' (spec part 2 §3 User, §5 User form and Reset password), one zod schema per
// form, shared by the screen's action (conform: every value a string) and the JSON API (ids as numbers, activo as a
// boolean): create, update (no password) and reset-password. Browser-safe: the dialogs validate with them too.
// POST /api/users keeps its own RegisterSchema (~/auth/credentials.schema: type_usr, the registration contract);
// both reach the same createUser.
import { z } from "~/lib/zod";
import { PASSWORD_MAX, passwordProblem, userNameProblem } from "~/auth/password-policy";
import { activoFlag, formOrJsonId, positiveIntId } from "~/lib/input";
import { PAGE_SIZES, tableQuerySchema } from "~/lib/table-state";
import { USUARIO_SORTS } from "./rules";

/** The table's query (q, sort, dir, page, size 5/10/25): a bad value is refused (~/lib/table-state). */
export const UsuariosTablaSchema = tableQuerySchema({
  sorts: USUARIO_SORTS,
  defaultSort: "apeynom",
  sizes: PAGE_SIZES,
  size: 5,
});

export const USUARIO_MSG = {
  NOMBRE_OBLIGATORIO: "El nombre es obligatorio",
  NOMBRE_LARGO: "El nombre es demasiado largo",
  NOMBRE_CARACTERES: "El nombre contiene caracteres inválidos",
  USUARIO_OBLIGATORIO: "El usuario es obligatorio",
  USUARIO_LARGO: "El usuario es demasiado largo",
  USUARIO_CARACTERES: "El usuario solo admite letras, números, punto, guion y guion bajo",
  CONTRASENA_OBLIGATORIA: "La contrasena es obligatoria",
  CONTRASENA_LARGA: "La contraseña es demasiado larga",
  CONTRASENAS_DISTINTAS: "La contrasenas deben coincidir",
  ID_OBLIGATORIO: "El id es obligatorio",
  PERFIL_OBLIGATORIO: "Debe seleccionar un perfil",
  PERFIL_INVALIDO: "Perfil inválido",
  ESTADO_INVALIDO: "Estado inválido",
} as const;

export const MAX_APEYNOM = 120;
export const MAX_USUARIO = 64;

/** The estado select's values (spec §4: ACTIVO / INACTIVO). */
export const ESTADOS = [
  { value: "true", label: "ACTIVO" },
  { value: "false", label: "INACTIVO" },
] as const;

const apeynom = z
  .string({ error: USUARIO_MSG.NOMBRE_OBLIGATORIO })
  .trim()
  .min(1, USUARIO_MSG.NOMBRE_OBLIGATORIO)
  .max(MAX_APEYNOM, USUARIO_MSG.NOMBRE_LARGO)
  // a lone UTF-16 surrogate cannot be stored (the audit entry's JSON refuses it): a message, not a 500
  .refine(
    (s) => !/[\uD800-\uDFFF]/.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")),
    USUARIO_MSG.NOMBRE_CARACTERES,
  );

const usuario = z
  .string({ error: USUARIO_MSG.USUARIO_OBLIGATORIO })
  .trim()
  .min(1, USUARIO_MSG.USUARIO_OBLIGATORIO)
  .max(MAX_USUARIO, USUARIO_MSG.USUARIO_LARGO)
  .regex(/^[A-Za-z0-9._-]+$/, USUARIO_MSG.USUARIO_CARACTERES);

/** A new password: required, bounded, and the password policy (ADR 025) apart from the user-name rule. */
const nuevaContrasena = z
  .string({ error: USUARIO_MSG.CONTRASENA_OBLIGATORIA })
  .min(1, USUARIO_MSG.CONTRASENA_OBLIGATORIA)
  .max(PASSWORD_MAX, USUARIO_MSG.CONTRASENA_LARGA)
  .superRefine((password, ctx) => {
    const msg = passwordProblem(password);
    if (msg) ctx.addIssue({ code: "custom", message: msg });
  });

const activo = activoFlag(USUARIO_MSG.ESTADO_INVALIDO);

/**
 * 'Nuevo usuario': new users are active unless chosen otherwise (spec §4); the profile must be chosen (ADR 034: the
 * spec's default profile 1 made a forgotten choice a full administrator). POST /api/users keeps RegisterSchema.
 */
export const crearUsuarioSchema = z
  .object({
    apeynom,
    usuario,
    password: nuevaContrasena,
    usPerfilId: formOrJsonId(USUARIO_MSG.PERFIL_OBLIGATORIO, USUARIO_MSG.PERFIL_INVALIDO),
    activo: activo.optional().default(true),
  })
  .superRefine((v, ctx) => {
    if (passwordProblem(v.password)) return;
    const msg = userNameProblem(v.password, v.usuario);
    if (msg) ctx.addIssue({ code: "custom", message: msg, path: ["password"] });
  });
export type CrearUsuarioInput = z.output<typeof crearUsuarioSchema>;

/** Edit (PUT /api/users): no password; a profile or estado left out stays as it is. */
export const modificarUsuarioSchema = z.object({
  id: formOrJsonId(USUARIO_MSG.ID_OBLIGATORIO),
  apeynom,
  usuario,
  usPerfilId: formOrJsonId(USUARIO_MSG.PERFIL_INVALIDO).optional(),
  activo: activo.optional(),
});
export type ModificarUsuarioInput = z.output<typeof modificarUsuarioSchema>;

/** Reset password (PUT /api/users/reset-password): both required, must match (spec §5). */
export const resetearContrasenaSchema = z
  .object({
    id: formOrJsonId(USUARIO_MSG.ID_OBLIGATORIO),
    password: nuevaContrasena,
    confirmPassword: z
      .string({ error: USUARIO_MSG.CONTRASENA_OBLIGATORIA })
      .min(1, USUARIO_MSG.CONTRASENA_OBLIGATORIA)
      .max(PASSWORD_MAX, USUARIO_MSG.CONTRASENA_LARGA),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: USUARIO_MSG.CONTRASENAS_DISTINTAS,
    path: ["confirmPassword"],
  });
export type ResetearContrasenaInput = z.output<typeof resetearContrasenaSchema>;

/** The user id of GET /api/users/{id} and of the screen's ?editar= / ?resetear=. */
export const usuarioIdSchema = positiveIntId("El usuario no existe");
