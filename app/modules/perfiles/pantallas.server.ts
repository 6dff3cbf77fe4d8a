// A profile's screens (ADR 001: profiles hold screens and operations separately; ADR 029: the grantable screens are
// GRANTABLE_SCREENS, the gated screens plus the drawer entries /turnos, /listado-turnos and /consulta-coberturas-esp;
// docs/decisions/035): the `screens` kind of grant, under /api/perfil-pantallas (grants.server.ts holds the rules:
// profile 1 not editable, the administrators' guard rails, one transaction with its audit entry per change). Keys are
// screen paths; a record stores the screen's id.
import { asc, eq, inArray } from "drizzle-orm";
import { type Tx } from "~db/client.server";
import { GRANTABLE_SCREENS } from "~db/reference";
import { usPantallas, usPerfilPantallas } from "~db/schema/auth";
import { Abort, fail } from "~db/transaction";
import type { AuditActor } from "~/lib/audit.server";
import { agregarGrants, grantsDelPerfil, quitarGrants, type GrantKind, type GrantRemoval } from "./grants.server";
import { PantallasCambioSchema, type PantallasCambio } from "./perfiles.schema";
import { etiquetaPantalla, PERFIL_MSG } from "./rules";

/** A screen a profile may be given: its id, path and title. */
export type Pantalla = { id: number; path: string; titulo: string };
/** A profile-screen record: its own id, the screen's id and the profile, with the screen. */
export type PerfilPantalla = { id: number; usPantallaId: number; usPerfilId: number; path: string; titulo: string };

const GRANTABLE: readonly string[] = GRANTABLE_SCREENS;
/** The order of the lists: GRANTABLE_SCREENS' (the drawer's), anything else after. */
const rank = (path: string) => {
  const i = GRANTABLE.indexOf(path);
  return i < 0 ? GRANTABLE.length : i;
};
const byScreen = <T extends { path: string }>(a: T, b: T) =>
  rank(a.path) - rank(b.path) || a.path.localeCompare(b.path);

const PANTALLA = { path: usPantallas.path, titulo: usPantallas.titulo };

/** The ids of the screens of these paths; a path that is not a grantable screen → 422 naming it. */
async function pantallasDe(tx: Tx, paths: string[]): Promise<number[]> {
  const unknown = paths.filter((p) => !GRANTABLE.includes(p));
  if (unknown.length) {
    throw new Abort(fail(422, `${PERFIL_MSG.PANTALLA_NO_EXISTE}: ${unknown.join(", ").slice(0, 60)}`, "screens"));
  }
  const rows = await tx.select({ id: usPantallas.id }).from(usPantallas).where(inArray(usPantallas.path, paths));
  return rows.map((r) => r.id);
}

export const PANTALLAS: GrantKind<"screens", Pantalla, PerfilPantalla, number> = {
  param: "screens",
  schema: PantallasCambioSchema,
  table: usPerfilPantallas,
  grantColumn: usPerfilPantallas.usPantallaId,
  row: (usPerfilId, usPantallaId) => ({ usPerfilId, usPantallaId }),
  resolve: pantallasDe,
  records: async (dbOrTx, where) => {
    const rows = await dbOrTx
      .select({
        id: usPerfilPantallas.id,
        usPantallaId: usPerfilPantallas.usPantallaId,
        usPerfilId: usPerfilPantallas.usPerfilId,
        ...PANTALLA,
      })
      .from(usPerfilPantallas)
      .innerJoin(usPantallas, eq(usPantallas.id, usPerfilPantallas.usPantallaId))
      .where(where)
      .orderBy(asc(usPerfilPantallas.id));
    return rows.sort(byScreen);
  },
  available: async (db, held) => {
    const paths = new Set(held.map((r) => r.path));
    const all = await db
      .select({ id: usPantallas.id, ...PANTALLA })
      .from(usPantallas)
      .where(inArray(usPantallas.path, [...GRANTABLE]));
    return all.filter((s) => !paths.has(s.path)).sort(byScreen);
  },
  key: (r) => r.path,
  availableKey: (a) => a.path,
  label: etiquetaPantalla,
  accion: { agregar: "perfil.pantallas.agregar", quitar: "perfil.pantallas.quitar" },
  msg: { agregadas: PERFIL_MSG.PANTALLAS_AGREGADAS, quitadas: PERFIL_MSG.PANTALLAS_QUITADAS },
};

/**
 * GET available-screens/{id}: the grantable screens the profile does not hold (`available_screens`) and its records
 * (`perfil_screens`); null when the profile does not exist.
 */
export const pantallasDelPerfil = (perfilId: number) => grantsDelPerfil(PANTALLAS, perfilId);

/** POST add-screens/: grants the screens (those already held are left as they are). */
export const agregarPantallas = (input: PantallasCambio, actor: AuditActor) => agregarGrants(PANTALLAS, input, actor);

/** What to remove: screen paths of a profile, or record ids (the `id` of perfil_screens). */
export type QuitarPantallas = GrantRemoval<"screens">;

/** DELETE remove-screens/: takes the screens away (paths the profile does not hold are ignored). */
export const quitarPantallas = (input: QuitarPantallas, actor: AuditActor) => quitarGrants(PANTALLAS, input, actor);
