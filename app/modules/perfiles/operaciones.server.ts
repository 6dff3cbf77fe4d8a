// A profile's operations (spec part 2 §3 Operation / Profile-operation record, §7 /api/perfil-operationes;
// docs/decisions/035): what it holds and what it could be given, add, remove. Profile 1 is built in (every operation,
// re-granted at every start): not editable. Removing refuses taking administration from the actor's own profile and
// leaving no administrator (ADR 034). One transaction with its audit entry per change; the profile's users get the
// change on their next request (permissions are read per request, no cache).
import { and, asc, eq, inArray, notInArray, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { usOperaciones, usPantallas, usPerfilOperaciones } from "~db/schema/auth";
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
import type { OperacionesCambio } from "./perfiles.schema";
import { byCode, PERFIL_MSG } from "./rules";

/** An operation (spec §3): its code, name and screen id; `pantalla` is the screen's path (to label it). */
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

const byOp = <T extends { id: string }>(a: T, b: T) => byCode(a.id, b.id);

async function registros(dbOrTx: Db | Tx, where: SQL | undefined): Promise<PerfilOperacion[]> {
  const rows = await dbOrTx
    .select({
      id: usPerfilOperaciones.id,
      usOperacionId: usPerfilOperaciones.usOperacionId,
      usPerfilId: usPerfilOperaciones.usPerfilId,
      operacion: usOperaciones.operacion,
      usPantallaId: usOperaciones.usPantallaId,
      pantalla: usPantallas.path,
    })
    .from(usPerfilOperaciones)
    .innerJoin(usOperaciones, eq(usOperaciones.id, usPerfilOperaciones.usOperacionId))
    .leftJoin(usPantallas, eq(usPantallas.id, usOperaciones.usPantallaId))
    .where(where)
    .orderBy(asc(usPerfilOperaciones.id));
  return rows.sort((a, b) => byCode(a.usOperacionId, b.usOperacionId));
}

/**
 * GET available-operations/{id}: the operations the profile does not hold (`available_operations`) and its records
 * (`perfil_operations`); null when the profile does not exist.
 */
export async function operacionesDelPerfil(
  perfilId: number,
): Promise<{ available_operations: Operacion[]; perfil_operations: PerfilOperacion[] } | null> {
  if (!(await perfilPorId(perfilId))) return null;
  const db = await getDb();
  const perfil_operations = await registros(db, eq(usPerfilOperaciones.usPerfilId, perfilId));
  const held = perfil_operations.map((r) => r.usOperacionId);
  const available = await db
    .select({
      id: usOperaciones.id,
      operacion: usOperaciones.operacion,
      usPantallaId: usOperaciones.usPantallaId,
      pantalla: usPantallas.path,
    })
    .from(usOperaciones)
    .leftJoin(usPantallas, eq(usPantallas.id, usOperaciones.usPantallaId))
    .where(held.length ? notInArray(usOperaciones.id, held) : undefined);
  return { available_operations: available.sort(byOp), perfil_operations };
}

/** Operation codes that do not exist → 422 naming them. */
async function assertOperacionesExisten(tx: Tx, codes: string[]): Promise<void> {
  const found = await tx.select({ id: usOperaciones.id }).from(usOperaciones).where(inArray(usOperaciones.id, codes));
  const known = new Set(found.map((f) => f.id));
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) {
    throw new Abort(fail(422, `${PERFIL_MSG.OPERACION_NO_EXISTE}: ${unknown.join(", ").slice(0, 60)}`, "operations"));
  }
}

function assertEditable(perfilId: number, param: string): void {
  if (perfilId === PERFIL_ADMINISTRADOR) throw new Abort(fail(409, PERFIL_ADMINISTRADOR_FIJO, param));
}

export type OperacionesResult = { ok: true; msg: string; operations: PerfilOperacion[] } | Failure;

/** POST add-operations/: grants the operations (those already held are left as they are). */
export async function agregarOperaciones(input: OperacionesCambio, actor: AuditActor): Promise<OperacionesResult> {
  return inTransaction(async (tx) => {
    const perfil = await perfilParaModificar(tx, input.usPerfilId, "usPerfilId");
    assertEditable(perfil.id, "operations");
    await assertOperacionesExisten(tx, input.operations);
    const added = await tx
      .insert(usPerfilOperaciones)
      .values(input.operations.map((code) => ({ usPerfilId: perfil.id, usOperacionId: code })))
      .onConflictDoNothing()
      .returning({ id: usPerfilOperaciones.id });
    const operations = added.length
      ? await registros(
          tx,
          inArray(
            usPerfilOperaciones.id,
            added.map((a) => a.id),
          ),
        )
      : [];
    if (operations.length) {
      await audit(tx, actor, {
        accion: "perfil.operaciones.agregar",
        entidad: "perfil",
        entidadId: perfil.id,
        detalle: { operations: operations.map((o) => o.usOperacionId) },
      });
    }
    return { ok: true as const, msg: PERFIL_MSG.OPERACIONES_AGREGADAS, operations };
  });
}

/** What to remove: operation codes of a profile, or record ids (the `id` of perfil_operations). */
export type QuitarOperaciones = { usPerfilId: number; operations: string[] } | { ids: number[] };

/** DELETE remove-operations/: takes the operations away (codes the profile does not hold are ignored). */
export async function quitarOperaciones(input: QuitarOperaciones, actor: AuditActor): Promise<OperacionesResult> {
  return inTransaction(async (tx) => {
    await lockAdministradores(tx);
    let perfilId: number;
    let where: SQL | undefined;
    if ("ids" in input) {
      const ids = input.ids.filter(isDbId);
      const rows = ids.length
        ? await tx
            .select({ id: usPerfilOperaciones.id, usPerfilId: usPerfilOperaciones.usPerfilId })
            .from(usPerfilOperaciones)
            .where(inArray(usPerfilOperaciones.id, ids))
        : [];
      if (rows.length !== input.ids.length) throw new Abort(fail(404, PERFIL_MSG.REGISTRO_NO_EXISTE, "ids"));
      const perfiles = new Set(rows.map((r) => r.usPerfilId));
      if (perfiles.size !== 1) throw new Abort(fail(422, PERFIL_MSG.REGISTROS_DE_OTRO_PERFIL, "ids"));
      perfilId = rows[0].usPerfilId;
      where = inArray(usPerfilOperaciones.id, ids);
    } else {
      perfilId = input.usPerfilId;
      await assertOperacionesExisten(tx, input.operations);
      where = and(
        eq(usPerfilOperaciones.usPerfilId, perfilId),
        inArray(usPerfilOperaciones.usOperacionId, input.operations),
      );
    }
    const perfil = await perfilParaModificar(tx, perfilId, "usPerfilId");
    assertEditable(perfil.id, "operations");
    const operations = await registros(tx, where);
    if (!operations.length) return { ok: true as const, msg: PERFIL_MSG.SIN_CAMBIOS, operations };
    const codes = operations.map((o) => o.usOperacionId);
    if (quitaAdministracion({ operations: codes }) && (await perfilDelActor(tx, actor)) === perfil.id) {
      throw new Abort(fail(409, PROPIA_ADMINISTRACION, "operations"));
    }
    await tx.delete(usPerfilOperaciones).where(
      inArray(
        usPerfilOperaciones.id,
        operations.map((o) => o.id),
      ),
    );
    await assertQuedaAdministrador(tx, "operations");
    await audit(tx, actor, {
      accion: "perfil.operaciones.quitar",
      entidad: "perfil",
      entidadId: perfil.id,
      detalle: { operations: codes },
    });
    return { ok: true as const, msg: PERFIL_MSG.OPERACIONES_QUITADAS, operations };
  });
}
