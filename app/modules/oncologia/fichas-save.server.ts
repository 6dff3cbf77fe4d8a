// Saving oncology cases (spec part 1 §4, §6; decisions 012, 027): create (new, drug change, readmission), update
// with optimistic concurrency when the version is sent (last write wins, audited, when it is not), and the soft
// delete. Each is ONE transaction with its audit record. Every save checks that the DNI is a member's, takes the
// member's identity (number, name, relationship, sex) from the registry whatever the client sent (issue 26), and
// checks that a drug change has a drug.
import { eq } from "drizzle-orm";
import type { PgUpdateSetSource, SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "~db/client.server";
import { Abort, fail, inTransaction, isDbId, isFailure, type Failure } from "~db/transaction";
import { staleVersion, updateVersioned } from "~db/version";
import { fichasOnco, fichasOncoMonodrogas, organos } from "~db/schema/oncologia";
import type { SessionUser } from "~/auth/sessions.server";
import { audit } from "~/lib/audit.server";
import { identidadDelPadron } from "./afiliado-ficha.server";
import { fichaValues, insertDrugRows, loadFicha, type SaveResult } from "./ficha-data.server";
import { FICHA_MSG } from "./fichas.messages";
import {
  estadoForMode,
  IDENTIDAD_AFILIADO,
  MSG_DROGA_CAMBIO,
  requiresDrugs,
  type EstadoFicha,
  type IdentidadAfiliado,
} from "./rules";
import type { FichaInput } from "./fichas.schema";

export type CreateMode = "new" | "change_of_drogs" | "reingreso";

/** The organ must exist (a foreign key violation would be a 500). */
async function checkOrgano(tx: Tx, organoId: number): Promise<void> {
  if (!isDbId(organoId)) throw new Abort(fail(422, FICHA_MSG.ORGANO_NOT_FOUND, "organoId"));
  const [o] = await tx.select({ id: organos.id }).from(organos).where(eq(organos.id, organoId));
  if (!o) throw new Abort(fail(422, FICHA_MSG.ORGANO_NOT_FOUND, "organoId"));
}

/**
 * The ficha's DNI must be a member's (a DNI typed by hand without 'Buscar', or an API client's), and the member's
 * identity stored is the registry's for that DNI: what the client sent for those fields is not used. Also the names
 * of the fields the client sent otherwise (for the audit record).
 */
async function identidad(
  tx: Tx,
  input: FichaInput,
): Promise<{ values: IdentidadAfiliado; replaced: (keyof IdentidadAfiliado)[] }> {
  const values = await identidadDelPadron(tx, input.afi_dni);
  if (!values) throw new Abort(fail(422, FICHA_MSG.AFILIADO_NO_EXISTE, "afi_dni"));
  return { values, replaced: IDENTIDAD_AFILIADO.filter((k) => input[k] !== values[k]) };
}

/** The audit record's note of the identity fields the client sent otherwise (none: nothing). */
const replacedNote = (replaced: string[]) => (replaced.length ? { identidad_del_padron: replaced } : {});

/** A drug change (CAMBIO_MEDICAMENTO) records the new medication: at least one drug row (rules.ts requiresDrugs). */
function checkDrugs(estado: EstadoFicha, input: FichaInput): void {
  if (requiresDrugs(estado) && input.monodrogas.length === 0)
    throw new Abort(fail(422, MSG_DROGA_CAMBIO, "monodrogas"));
}

/** Closes the source case of a drug change / readmission (editable = false); it must be active and editable. */
async function closeSource(tx: Tx, sourceId: number, afiDni: string): Promise<void> {
  if (!isDbId(sourceId)) throw new Abort(fail(404, FICHA_MSG.SOURCE_NOT_FOUND, "id_origen"));
  const [src] = await tx
    .select({ activo: fichasOnco.activo, editable: fichasOnco.editable, afi_dni: fichasOnco.afi_dni })
    .from(fichasOnco)
    .where(eq(fichasOnco.id, sourceId))
    .for("update");
  if (!src || !src.activo) throw new Abort(fail(404, FICHA_MSG.SOURCE_NOT_FOUND, "id_origen"));
  if (!src.editable) throw new Abort(fail(409, FICHA_MSG.SOURCE_NOT_EDITABLE, "id_origen"));
  if (src.afi_dni !== afiDni) throw new Abort(fail(422, FICHA_MSG.SOURCE_OTHER_MEMBER, "afi_dni"));
  const closed = await updateVersioned(tx, fichasOnco, {
    id: sourceId,
    version: undefined, // locked above: closed whatever its version
    set: { editable: false, updatedAt: new Date() },
    returning: { id: fichasOnco.id },
  });
  if (isFailure(closed)) throw new Abort(closed);
}

/**
 * Creates a case: status from the mode, nro_ficha from the sequence, every drug row, the audit record and (drug
 * change / readmission with a source) the source closed — all or nothing.
 */
export async function createFicha(
  input: FichaInput,
  mode: CreateMode,
  by: SessionUser,
  sourceId?: number,
): Promise<SaveResult> {
  const estado = estadoForMode(mode);
  if (!estado) return fail(422, "Modo de creación inválido");
  const out = await inTransaction(async (tx) => {
    checkDrugs(estado, input);
    const member = await identidad(tx, input);
    await checkOrgano(tx, input.organoId);
    if (sourceId != null && mode !== "new") await closeSource(tx, sourceId, input.afi_dni);
    const [row] = await tx
      .insert(fichasOnco)
      .values({ ...fichaValues(input), ...member.values, estado_ficha: estado })
      .returning({ id: fichasOnco.id, nro_ficha: fichasOnco.nro_ficha });
    await insertDrugRows(tx, row.id, input.monodrogas);
    await audit(tx, by, {
      accion: "ficha.crear",
      entidad: "ficha",
      entidadId: row.id,
      detalle: {
        nro_ficha: row.nro_ficha,
        estado_ficha: estado,
        afi_dni: input.afi_dni,
        drogas: input.monodrogas.length,
        ...(sourceId != null && mode !== "new" ? { id_origen: sourceId } : {}),
        ...replacedNote(member.replaced),
      },
    });
    return (await loadFicha(tx, row.id))!;
  });
  if ("ok" in out) return out;
  return { ok: true, ficha: out, msg: FICHA_MSG.CREATED };
}

/**
 * A write of the active ficha `id` (locked first: unknown or deleted → 404), then at the version read when sent
 * (older → the stale 409) and only while editable (else 409 NOT_EDITABLE), with version + 1 (db/version.ts).
 */
async function writeFicha<R extends SelectedFields>(
  tx: Tx,
  write: { id: number; version: number | undefined; set: PgUpdateSetSource<typeof fichasOnco>; returning: R },
) {
  const [live] = await tx
    .select({ activo: fichasOnco.activo })
    .from(fichasOnco)
    .where(eq(fichasOnco.id, write.id))
    .for("update");
  if (!live?.activo) throw new Abort(fail(404, FICHA_MSG.NOT_FOUND));
  const row = await updateVersioned(tx, fichasOnco, {
    ...write,
    where: eq(fichasOnco.editable, true),
    refused: fail(409, FICHA_MSG.NOT_EDITABLE),
  });
  if (isFailure(row)) throw new Abort(row);
  return row;
}

/**
 * Updates an active, editable case: the fields, version + 1 and the drug rows replaced. With `version` (the one
 * read) it is optimistic concurrency: a stale version is 409 and nothing changes. Without it (spec §7's call has no
 * version, decision 027) the last write wins and the audit record says it was saved without the version check.
 */
export async function updateFicha(input: FichaInput, by: SessionUser): Promise<SaveResult> {
  const { id, version } = input;
  if (id == null) return fail(422, FICHA_MSG.ID_REQUIRED, "id");
  if (!isDbId(id)) return fail(404, FICHA_MSG.NOT_FOUND);
  if (version != null && !isDbId(version)) return staleVersion();
  const out = await inTransaction(async (tx) => {
    const member = await identidad(tx, input);
    await checkOrgano(tx, input.organoId);
    const row = await writeFicha(tx, {
      id,
      version,
      set: { ...fichaValues(input), ...member.values, updatedAt: new Date() },
      returning: {
        id: fichasOnco.id,
        nro_ficha: fichasOnco.nro_ficha,
        version: fichasOnco.version,
        estado_ficha: fichasOnco.estado_ficha,
      },
    });
    checkDrugs(row.estado_ficha as EstadoFicha, input);
    await tx.delete(fichasOncoMonodrogas).where(eq(fichasOncoMonodrogas.fichaId, id));
    await insertDrugRows(tx, id, input.monodrogas);
    await audit(tx, by, {
      accion: "ficha.modificar",
      entidad: "ficha",
      entidadId: id,
      detalle: {
        nro_ficha: row.nro_ficha,
        version: row.version,
        afi_dni: input.afi_dni,
        drogas: input.monodrogas.length,
        // Sent without the version it was read at: saved without the stale-update check (last write wins).
        ...(version == null ? { sin_control_de_version: true } : {}),
        ...replacedNote(member.replaced),
      },
    });
    return (await loadFicha(tx, id))!;
  });
  if ("ok" in out) return out;
  return { ok: true, ficha: out, msg: FICHA_MSG.UPDATED };
}

/** Soft delete (activo = false) of an active, editable case, with its audit record. */
export async function inactivarFicha(id: number, by: SessionUser): Promise<{ ok: true } | Failure> {
  if (!isDbId(id)) return fail(404, FICHA_MSG.NOT_FOUND);
  const out = await inTransaction(async (tx) => {
    const row = await writeFicha(tx, {
      id,
      version: undefined, // a delete needs no version (ADR 047)
      set: { activo: false, updatedAt: new Date() },
      returning: { nro_ficha: fichasOnco.nro_ficha, afi_dni: fichasOnco.afi_dni },
    });
    await audit(tx, by, {
      accion: "ficha.eliminar",
      entidad: "ficha",
      entidadId: id,
      detalle: { nro_ficha: row.nro_ficha, afi_dni: row.afi_dni },
    });
    return { ok: true as const };
  });
  return out;
}
