// A profile's operations (spec part 2 §3 Operation / Profile-operation record, §7 /api/perfil-operationes;
// docs/decisions/035): the `operations` kind of grant (grants.server.ts holds the rules: profile 1 not editable, the
// administrators' guard rails, one transaction with its audit entry per change). Keys are operation codes.
import { asc, eq, inArray, notInArray } from "drizzle-orm";
import { type Tx } from "~db/client.server";
import { usOperaciones, usPantallas, usPerfilOperaciones } from "~db/schema/auth";
import { Abort, fail } from "~db/transaction";
import type { AuditActor } from "~/lib/audit.server";
import { agregarGrants, grantsDelPerfil, quitarGrants, type GrantKind, type GrantRemoval } from "./grants.server";
import { OperacionesCambioSchema, type OperacionesCambio } from "./perfiles.schema";
import { byCode, etiquetaOperacion, PERFIL_MSG } from "./rules";

/** An operation (spec §3): its code, name and screen id; `pantalla` is the screen's path. */
export type Operacion = { id: string; operacion: string; usPantallaId: number | null; pantalla: string | null };
/** A profile-operation record (spec §3): its own id, the operation's code and the profile, with the operation. */
export type PerfilOperacion = {
  id: number;
  usOperacionId: string;
  usPerfilId: number;
  operacion: string;
  usPantallaId: number | null;
  pantalla: string | null;
};

/** Operation codes that do not exist → 422 naming them; else the codes. */
async function codigosExistentes(tx: Tx, codes: string[]): Promise<string[]> {
  const found = await tx.select({ id: usOperaciones.id }).from(usOperaciones).where(inArray(usOperaciones.id, codes));
  const known = new Set(found.map((f) => f.id));
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) {
    throw new Abort(fail(422, `${PERFIL_MSG.OPERACION_NO_EXISTE}: ${unknown.join(", ").slice(0, 60)}`, "operations"));
  }
  return codes;
}

const OPERACION = {
  operacion: usOperaciones.operacion,
  usPantallaId: usOperaciones.usPantallaId,
  pantalla: usPantallas.path,
};

export const OPERACIONES: GrantKind<"operations", Operacion, PerfilOperacion, string> = {
  param: "operations",
  schema: OperacionesCambioSchema,
  table: usPerfilOperaciones,
  grantColumn: usPerfilOperaciones.usOperacionId,
  row: (usPerfilId, usOperacionId) => ({ usPerfilId, usOperacionId }),
  resolve: codigosExistentes,
  records: async (dbOrTx, where) => {
    const rows = await dbOrTx
      .select({
        id: usPerfilOperaciones.id,
        usOperacionId: usPerfilOperaciones.usOperacionId,
        usPerfilId: usPerfilOperaciones.usPerfilId,
        ...OPERACION,
      })
      .from(usPerfilOperaciones)
      .innerJoin(usOperaciones, eq(usOperaciones.id, usPerfilOperaciones.usOperacionId))
      .leftJoin(usPantallas, eq(usPantallas.id, usOperaciones.usPantallaId))
      .where(where)
      .orderBy(asc(usPerfilOperaciones.id));
    return rows.sort((a, b) => byCode(a.usOperacionId, b.usOperacionId));
  },
  available: async (db, held) => {
    const rows = await db
      .select({ id: usOperaciones.id, ...OPERACION })
      .from(usOperaciones)
      .leftJoin(usPantallas, eq(usPantallas.id, usOperaciones.usPantallaId))
      .where(
        notInArray(
          usOperaciones.id,
          held.map((r) => r.usOperacionId),
        ),
      );
    return rows.sort((a, b) => byCode(a.id, b.id));
  },
  key: (r) => r.usOperacionId,
  availableKey: (a) => a.id,
  label: (o) => etiquetaOperacion({ id: "usOperacionId" in o ? o.usOperacionId : o.id, operacion: o.operacion }),
  accion: { agregar: "perfil.operaciones.agregar", quitar: "perfil.operaciones.quitar" },
  msg: { agregadas: PERFIL_MSG.OPERACIONES_AGREGADAS, quitadas: PERFIL_MSG.OPERACIONES_QUITADAS },
};

/**
 * GET available-operations/{id}: the operations the profile does not hold (`available_operations`) and its records
 * (`perfil_operations`); null when the profile does not exist.
 */
export const operacionesDelPerfil = (perfilId: number) => grantsDelPerfil(OPERACIONES, perfilId);

/** POST add-operations/: grants the operations (those already held are left as they are). */
export const agregarOperaciones = (input: OperacionesCambio, actor: AuditActor) =>
  agregarGrants(OPERACIONES, input, actor);

/** What to remove: operation codes of a profile, or record ids (the `id` of perfil_operations). */
export type QuitarOperaciones = GrantRemoval<"operations">;

/** DELETE remove-operations/: takes the operations away (codes the profile does not hold are ignored). */
export const quitarOperaciones = (input: QuitarOperaciones, actor: AuditActor) =>
  quitarGrants(OPERACIONES, input, actor);
