// The drawer of spec part 1 §2: groups and entries, each entry shown only when its path is among the user's allowed
// screens — whatever the route's access class: /consulta-coberturas-esp is public and /turnos, /listado-turnos are
// login-only, but their entries need the screen in the profile (docs/decisions/029; the two turnos routes need it
// as well, 030). Only
// ALWAYS and 'Cerrar Sesión' are there for everyone. Which routes answer is the guards' business, not this file's.
import type { Permissions } from "~/auth/rules";
import { OP } from "~/auth/operations";

export type MenuEntry = { path: string; label: string };
export type MenuGroup = { id: string; label: string | null; entries: MenuEntry[] };

const MENU: MenuGroup[] = [
  {
    id: "oncologia",
    label: "ONCOLOGIA",
    entries: [
      { path: "/nueva-ficha", label: "Nueva Ficha" },
      { path: "/buscar-ficha", label: "Buscar Ficha" },
    ],
  },
  {
    id: "coberturas",
    label: "COBERTURAS",
    entries: [
      { path: "/consultar-padron-onco", label: "Padrón de Planes" },
      { path: "/informes-practicas", label: "Consulta de Practicas" },
      { path: "/consulta-vademecum", label: "Consulta de Vademecum" },
      { path: "/consulta-coberturas-esp", label: "Consulta Coberturas" },
    ],
  },
  {
    id: "estadisticas",
    label: "ESTADÍSTICAS",
    entries: [
      { path: "/osep-tiempos-auditoria", label: "Tiempos de Auditoria" },
      { path: "/consumos-por-prestador", label: "Consumos por Prestador" },
      { path: "/reportes-programados", label: "Reportes Programados" },
    ],
  },
  {
    id: "afiliados",
    label: "AFILIADOS",
    entries: [
      { path: "/consultar-padron", label: "Búsqueda" },
      { path: "/listado-afiliados", label: "Listados" },
      { path: "/padron_farmacia", label: "Padrón Farmacia" },
      { path: "/padron_voluntarios", label: "Padrón Voluntarios" },
    ],
  },
  {
    id: "capa",
    label: "CAPA COVID",
    entries: [
      { path: "/regcapa", label: "Nuevo Registro" },
      { path: "/listado-capa", label: "Listados" },
    ],
  },
  {
    id: "mae",
    label: "MAE",
    entries: [
      { path: "/regmae", label: "Nuevo Registro" },
      { path: "/listado-mae", label: "Listados" },
    ],
  },
  {
    id: "prestadores",
    label: "PRESTADORES",
    entries: [
      { path: "/liquidacion-prestadores", label: "Preliquidación" },
      { path: "/padron-profesionales", label: "Padrón de Profesionales" },
    ],
  },
  {
    id: "turnos",
    label: null,
    entries: [
      { path: "/turnos", label: "Turnos" },
      { path: "/listado-turnos", label: "Consulta de Turnos" },
    ],
  },
  {
    id: "usuarios",
    label: "Usuarios",
    entries: [
      { path: "/users", label: "ABM Usuarios" },
      { path: "/perfiles", label: "Perfiles" },
      { path: "/registro-auditoria", label: "Registro de Auditoría" },
    ],
  },
  {
    // the imports of the files of the insurer's core systems (issue 37, ADR 068): a group of its own, since a profile
    // may hold it without /users (the 'Usuarios' group needs /users)
    id: "importaciones",
    label: "SISTEMAS CENTRALES",
    entries: [{ path: "/importaciones", label: "Importaciones" }],
  },
];

/** The always-present entries; 'Cerrar Sesión' is a form button, not a link. */
export const ALWAYS: MenuEntry[] = [
  { path: "/acerca-de", label: "Acerca de" },
  { path: "/change-password", label: "Cambiar Contraseña" },
];

/**
 * The drawer's label of `path` ('Turnos' for /turnos), null when the drawer has no entry for it: one source for the
 * profile dialogs' screen names and the /home notice of a refused screen.
 */
export function drawerLabel(path: string): string | null {
  const entries = [...MENU.flatMap((g) => g.entries), ...ALWAYS];
  return entries.find((e) => e.path === path)?.label ?? null;
}

/** Whether the drawer shows the entry for `path`: its screen is allowed (the audit log: operation 36, ADR 001). */
function menuEntryAllowed(perms: Permissions, path: string): boolean {
  if (path === "/registro-auditoria") return perms.allowed_operation.includes(OP.VER_REGISTRO_AUDITORIA);
  return perms.allowed_screen.includes(path);
}

/** The menu a user sees: only allowed entries; a group with none disappears; 'Usuarios' needs /users. */
export function visibleMenu(perms: Permissions): MenuGroup[] {
  return MENU.map((g) => {
    if (g.id === "usuarios" && !perms.allowed_screen.includes("/users")) return { ...g, entries: [] };
    return { ...g, entries: g.entries.filter((e) => menuEntryAllowed(perms, e.path)) };
  }).filter((g) => g.entries.length > 0);
}
