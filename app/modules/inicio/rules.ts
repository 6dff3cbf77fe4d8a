// /home (issue 28): the notice for a signed-in user the guards sent away from a screen their profile lacks
// (requireScreen redirects to /home?sinPermiso=<path>). Only a known screen's path is named, by the drawer's label
// (else its title): anything else from the URL shows nothing, so no one can put their own text on the page.
import { GATED_SCREENS } from "~db/reference";
import { drawerLabel } from "~/components/shell/menu";

const TITULOS = new Map<string, string>(GATED_SCREENS.map((s) => [s.path, s.titulo]));

/** 'No tiene permiso para acceder a ABM Usuarios (/users)' for a known screen path; null for anything else. */
export function avisoSinPermiso(path: string | undefined): string | null {
  if (!path || path === "/home") return null;
  const nombre = drawerLabel(path) ?? TITULOS.get(path);
  return nombre ? `No tiene permiso para acceder a ${nombre} (${path})` : null;
}
