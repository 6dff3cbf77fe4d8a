// The /users screen's pure rules (spec part 2 §8, §9): its messages and how its URL is built. The URL holds the
// table (q, sort, dir, page, size), the open dialog (?nuevo=1, ?editar=<id>, ?resetear=<id>) and a save's message
// (?ok=…&at=…). Browser-safe.
import { withParams } from "~/lib/table-state";

export const SCREEN = "/users";
export const TITULO = "Administracion de usuario";

/** Users' messages hide after 5 s (spec §9). */
export const MENSAJE_MS = 5_000;

/** The table's sortable columns (page sizes 5/10/25, default 5: UsuariosTablaSchema, ~/lib/table-state). */
export const USUARIO_SORTS = ["apeynom", "usuario", "perfil", "activo"] as const;
export type UsuarioSort = (typeof USUARIO_SORTS)[number];

export type DialogKind = "nuevo" | "editar" | "resetear";

/** The parameters of an open dialog or of a message: the table's own are the rest. */
const DIALOG_PARAMS = ["nuevo", "editar", "resetear", "ok", "at"] as const;

/** Success messages (spec §8), by the ?ok= of the redirect after a save. */
export const MENSAJES_OK = {
  creado: "Usuario creado con exito",
  modificado: "Usuario fué modificado con exito",
  reseteado: "La contraseña fué reseteada con exito",
} as const;
export type Ok = keyof typeof MENSAJES_OK;

/** Fallback texts when a failure has no message (spec §8). */
export const ERRORES = {
  nuevo: "Error al crear usuario",
  editar: "Error al modificar usuario",
  resetear: "Error al resetear contraseña",
  usuario: "Error al obtener el usuario",
} as const;

/** The table's query string (without a dialog or a message), with `changes`. */
export function tablaSearch(search: string | URLSearchParams, changes: Record<string, string | null> = {}): string {
  const drop = Object.fromEntries(DIALOG_PARAMS.map((k) => [k, null]));
  return withParams(search, { ...drop, ...changes });
}

/** The screen's URL: the table of `search`, with `changes` (e.g. { editar: '5' } opens a dialog). */
export function tablaHref(search: string | URLSearchParams, changes: Record<string, string | null> = {}): string {
  return `${SCREEN}${tablaSearch(search, changes)}`;
}
