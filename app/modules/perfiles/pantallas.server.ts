// A profile's screens (ADR 001: profiles hold screens and operations separately; ADR 029: the grantable screens are
// GRANTABLE_SCREENS, the gated screens plus the drawer entries /turnos, /listado-turnos and /consulta-coberturas-esp;
// docs/decisions/035): what it holds and what it could be given, add, remove — the mirror of operaciones.server.ts
// under /api/perfil-pantallas. Profile 1 is not editable; removing /users or /perfiles from the actor's own profile
// and leaving no administrator are refused (ADR 034). One transaction with its audit entry per change.
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { GRANTABLE_SCREENS } from "~db/reference";
import { usPantallas, usPerfilPantallas } from "~db/schema/auth";
import { Abort, fail, inTransaction, isDbId, type Failure } from "~db/transaction";
import { audit, type AuditActor } from "~/modules/audit-log/audit.server";
import {
  PERFIL_ADMINISTRADOR,
  PERFIL_ADMINISTRADOR_FIJO,
  PROPIA_ADMINISTRACION,
  quitaAdministracion,
} from "~/modules/usuarios/administradores";
import { assertQuedaAdministrador, lockAdministradores } from "~/modules/usuarios/administradores.server";
import { perfilDelActor, perfilParaModificar, perfilPorId } from "./perfiles.server";
import type { PantallasCambio } from "./perfiles.schema";
import { PERFIL_MSG } from "./rules";

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

async function registros(dbOrTx: Db | Tx, where: SQL | undefined): Promise<PerfilPantalla[]> {
  const rows = await dbOrTx
    .select({
      id: usPerfilPantallas.id,
      usPantallaId: usPerfilPantallas.usPantallaId,
      usPerfilId: usPerfilPantallas.usPerfilId,
      path: usPantallas.path,
      titulo: usPantallas.titulo,
    })
    .from(usPerfilPantallas)
    .innerJoin(usPantallas, eq(usPantallas.id, usPerfilPantallas.usPantallaId))
    .where(where)
    .orderBy(asc(usPerfilPantallas.id));
  return rows.sort(byScreen);
}

/**
 * GET available-screens/{id}: the grantable screens the profile does not hold (`available_screens`) and its records
 * (`perfil_screens`); null when the profile does not exist.
 */
export async function pantallasDelPerfil(
  perfilId: number,
): Promise<{ available_screens: Pantalla[]; perfil_screens: PerfilPantalla[] } | null> {
  if (!(await perfilPorId(perfilId))) return null;
  const db = await getDb();
  const perfil_screens = await registros(db, eq(usPerfilPantallas.usPerfilId, perfilId));
  const held = new Set(perfil_screens.map((r) => r.path));
  const all = await db
    .select({ id: usPantallas.id, path: usPantallas.path, titulo: usPantallas.titulo })
    .from(usPantallas)
    .where(inArray(usPantallas.path, [...GRANTABLE]));
  return { available_screens: all.filter((s) => !held.has(s.path)).sort(byScreen), perfil_screens };
}

/** The screens of these paths; a path that is not a grantable screen → 422 naming it. */
async function pantallasDe(tx: Tx, paths: string[]): Promise<Pantalla[]> {
  const unknown = paths.filter((p) => !GRANTABLE.includes(p));
  if (unknown.length) {
    throw new Abort(fail(422, `${PERFIL_MSG.PANTALLA_NO_EXISTE}: ${unknown.join(", ").slice(0, 60)}`, "screens"));
  }
  return tx
    .select({ id: usPantallas.id, path: usPantallas.path, titulo: usPantallas.titulo })
    .from(usPantallas)
    .where(inArray(usPantallas.path, paths));
}

function assertEditable(perfilId: number): void {
  if (perfilId === PERFIL_ADMINISTRADOR) throw new Abort(fail(409, PERFIL_ADMINISTRADOR_FIJO, "screens"));
}

export type PantallasResult = { ok: true; msg: string; screens: PerfilPantalla[] } | Failure;

/** POST add-screens/: grants the screens (those already held are left as they are). */
export async function agregarPantallas(input: PantallasCambio, actor: AuditActor): Promise<PantallasResult> {
  return inTransaction(async (tx) => {
    const perfil = await perfilParaModificar(tx, input.usPerfilId, "usPerfilId");
    assertEditable(perfil.id);
    const pantallas = await pantallasDe(tx, input.screens);
    const added = pantallas.length
      ? await tx
          .insert(usPerfilPantallas)
          .values(pantallas.map((p) => ({ usPerfilId: perfil.id, usPantallaId: p.id })))
          .onConflictDoNothing()
          .returning({ id: usPerfilPantallas.id })
      : [];
    const screens = added.length
      ? await registros(
          tx,
          inArray(
            usPerfilPantallas.id,
            added.map((a) => a.id),
          ),
        )
      : [];
    if (screens.length) {
      await audit(tx, actor, {
        accion: "perfil.pantallas.agregar",
        entidad: "perfil",
        entidadId: perfil.id,
        detalle: { screens: screens.map((s) => s.path) },
      });
    }
    return { ok: true as const, msg: PERFIL_MSG.PANTALLAS_AGREGADAS, screens };
  });
}

/** What to remove: screen paths of a profile, or record ids (the `id` of perfil_screens). */
export type QuitarPantallas = { usPerfilId: number; screens: string[] } | { ids: number[] };

/** DELETE remove-screens/: takes the screens away (paths the profile does not hold are ignored). */
export async function quitarPantallas(input: QuitarPantallas, actor: AuditActor): Promise<PantallasResult> {
  return inTransaction(async (tx) => {
    await lockAdministradores(tx);
    let perfilId: number;
    let where: SQL | undefined;
    if ("ids" in input) {
      const ids = input.ids.filter(isDbId);
      const rows = ids.length
        ? await tx
            .select({ id: usPerfilPantallas.id, usPerfilId: usPerfilPantallas.usPerfilId })
            .from(usPerfilPantallas)
            .where(inArray(usPerfilPantallas.id, ids))
        : [];
      if (rows.length !== input.ids.length) throw new Abort(fail(404, PERFIL_MSG.REGISTRO_NO_EXISTE, "ids"));
      const perfiles = new Set(rows.map((r) => r.usPerfilId));
      if (perfiles.size !== 1) throw new Abort(fail(422, PERFIL_MSG.REGISTROS_DE_OTRO_PERFIL, "ids"));
      perfilId = rows[0].usPerfilId;
      where = inArray(usPerfilPantallas.id, ids);
    } else {
      perfilId = input.usPerfilId;
      const pantallas = await pantallasDe(tx, input.screens);
      where = and(
        eq(usPerfilPantallas.usPerfilId, perfilId),
        inArray(usPerfilPantallas.usPantallaId, pantallas.length ? pantallas.map((p) => p.id) : [-1]),
      );
    }
    const perfil = await perfilParaModificar(tx, perfilId, "usPerfilId");
    assertEditable(perfil.id);
    const screens = await registros(tx, where);
    if (!screens.length) return { ok: true as const, msg: PERFIL_MSG.SIN_CAMBIOS, screens };
    const paths = screens.map((s) => s.path);
    if (quitaAdministracion({ screens: paths }) && (await perfilDelActor(tx, actor)) === perfil.id) {
      throw new Abort(fail(409, PROPIA_ADMINISTRACION, "screens"));
    }
    await tx.delete(usPerfilPantallas).where(
      inArray(
        usPerfilPantallas.id,
        screens.map((s) => s.id),
      ),
    );
    await assertQuedaAdministrador(tx, "screens");
    await audit(tx, actor, {
      accion: "perfil.pantallas.quitar",
      entidad: "perfil",
      entidadId: perfil.id,
      detalle: { screens: paths },
    });
    return { ok: true as const, msg: PERFIL_MSG.PANTALLAS_QUITADAS, screens };
  });
}
