// Who counts as an administrator, and the guard rails that keep one (issue 14; docs/decisions/034). Pure: the
// users module, the profiles module and their tests use this one definition; administradores.server.ts checks it
// against the database inside the write's transaction.
import { OP, type OperationCode } from "~/auth/operations";
import type { Permissions } from "~/auth/rules";

/** The built-in profile that holds every screen and operation (re-granted at every start; not editable). */
export const PERFIL_ADMINISTRADOR = 1;

/** An administrator can reach both administration screens ... */
export const ADMIN_SCREENS = ["/users", "/perfiles"] as const;
/** ... and undo any change there: edit a user (reactivate, change profile), edit a profile, grant operations. */
export const ADMIN_OPERATIONS: readonly OperationCode[] = [
  OP.MODIFICAR_USUARIO,
  OP.MODIFICAR_PERFIL,
  OP.ASIGNAR_OPERACIONES,
];

export const ULTIMO_ADMINISTRADOR = "No se puede dejar el sistema sin un administrador activo";
export const PERFIL_ADMINISTRADOR_FIJO = "El perfil ADMINISTRADOR tiene todas las pantallas y operaciones";

/** Do these grants make their holder an administrator? */
export function esAdministrador(p: Permissions): boolean {
  return (
    ADMIN_SCREENS.every((s) => p.allowed_screen.includes(s)) &&
    ADMIN_OPERATIONS.every((o) => p.allowed_operation.includes(o))
  );
}
