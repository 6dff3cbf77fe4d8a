// The students of a MAE ficha (spec part 2 §4 MAE student, §7; docs/decisions/032-mae-registry.md): add / modify /
// delete / inactivate, each ONE transaction with its audit entry. The student state machine (rules.ts) is enforced
// here on every path, and a student's name is always the member registry's (Validar = the padrón by DNI, first
// result).
import { and, eq } from "drizzle-orm";
import type { PgUpdateSetSource, SelectedFields } from "drizzle-orm/pg-core";
import type { Tx } from "~db/client.server";
import { Abort, fail, inTransaction, isDbId, isFailure, type Failure } from "~db/transaction";
import { maeAlumnos, maeFichas } from "~db/schema/mae";
import { staleVersion, updateVersioned } from "~db/version";
import type { SessionUser } from "~/auth/sessions.server";
import { todayISO } from "~/lib/dates";
import { searchPadron } from "~/modules/afiliados/padron.server";
import { audit } from "~/lib/audit.server";
import type { AgregarAlumnoInput, ModificarAlumnoInput } from "./mae.schema";
import { alumnoEnTextoDeRegistro, MAE_MSG, problemaAlumno, type AccionAlumno, type AlumnoMae } from "./rules";
import { alumnoFields, conflicts, fichaPorId, toAlumno } from "./mae-data.server";

export type AlumnoResult = { ok: true; alumno: AlumnoMae; msg: string } | Failure;
type AlumnoSet = PgUpdateSetSource<typeof maeAlumnos>;

/**
 * 'Validar' (spec §5, §7): the student's name from the member registry — the first member with that DNI. A DNI
 * without member is 422 (the name is never typed).
 */
export async function validarAlumno(
  dni: string,
  param = "alumno.dni",
): Promise<{ ok: true; apeynom: string } | Failure> {
  const found = await searchPadron("dni", dni);
  if (!found.ok) return fail(422, found.msg, param);
  const apeynom = found.rows[0]?.apeynom?.trim();
  if (!apeynom) return fail(422, MAE_MSG.ALUMNO_NO_AFILIADO, param);
  return { ok: true, apeynom };
}

const ALUMNO_DUPLICADO = fail(409, MAE_MSG.ALUMNO_DUPLICADO, "alumno.dni", "duplicate");

/**
 * Why a write on student `id` touched no row (its version aside: updateVersioned answers that first, ADR 047):
 * unknown (404) or its state refuses `accion` (409).
 */
async function porQueNoAlumno(tx: Tx, id: number, accion: AccionAlumno): Promise<Failure> {
  const [row] = await tx
    .select({ id: maeAlumnos.id, estado: maeAlumnos.estado })
    .from(maeAlumnos)
    .where(eq(maeAlumnos.id, id));
  if (!row) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  return fail(409, problemaAlumno(row, accion) ?? MAE_MSG.ALUMNO_INACTIVO);
}

/** A write of a saved active student at the version read (when sent): the row written, or why not. */
const escribirAlumno = <R extends SelectedFields>(
  tx: Tx,
  write: { id: number; version: number | undefined; accionAlumno: AccionAlumno; set: AlumnoSet; returning: R },
) =>
  updateVersioned(tx, maeAlumnos, {
    ...write,
    where: eq(maeAlumnos.estado, true),
    refused: () => porQueNoAlumno(tx, write.id, write.accionAlumno),
  });

/** A new student (no id: saved through add, spec §4) on an existing ficha; 404 when the ficha does not exist. */
export async function agregarAlumno(input: AgregarAlumnoInput, by: SessionUser): Promise<AlumnoResult> {
  const noFicha = fail(404, MAE_MSG.FICHA_NO_EXISTE, "id_ficha");
  if (!isDbId(input.id_ficha)) return noFicha;
  if (!(await fichaPorId(input.id_ficha))) return noFicha;
  const nombre = await validarAlumno(input.alumno.dni);
  if (!nombre.ok) return nombre;
  const out = await inTransaction(
    async (tx) => {
      const [ficha] = await tx
        .select({ anio_lectivo: maeFichas.anio_lectivo })
        .from(maeFichas)
        .where(eq(maeFichas.id, input.id_ficha));
      if (!ficha) throw new Abort(noFicha);
      const a = input.alumno;
      const [row] = await tx
        .insert(maeAlumnos)
        .values({
          id_ficha: input.id_ficha,
          dni: a.dni,
          apeynom: nombre.apeynom,
          expediente: a.expediente,
          horario: a.horario,
          ...alumnoEnTextoDeRegistro(a), // school and level as the registry writes text (ADR 054, 077)
          observacion: a.observacion ?? null,
          estado: true,
          anio_lectivo: ficha.anio_lectivo,
        })
        .returning(alumnoFields);
      await audit(tx, by, {
        accion: "mae.alumno.agregar",
        entidad: "mae_alumno",
        entidadId: row.id,
        detalle: { id_ficha: input.id_ficha, dni: a.dni },
      });
      return toAlumno(row);
    },
    conflicts({ unique: ALUMNO_DUPLICADO, foreignKey: noFicha }),
  );
  if (isFailure(out)) return out;
  return { ok: true, alumno: out, msg: MAE_MSG.ALUMNO_GUARDADO };
}

/**
 * A saved active student's data (spec §4: saved through modify); an inactive one is read-only (409). With
 * `alumno.version` (the one read) an older version is 409 and nothing changes (ADR 047).
 */
export async function modificarAlumno(input: ModificarAlumnoInput, by: SessionUser): Promise<AlumnoResult> {
  const a = input.alumno;
  if (!isDbId(a.id)) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  if (a.version != null && !isDbId(a.version)) return staleVersion();
  const nombre = await validarAlumno(a.dni);
  if (!nombre.ok) return nombre;
  const out = await inTransaction(
    async (tx) => {
      const row = await escribirAlumno(tx, {
        id: a.id,
        version: a.version,
        accionAlumno: "modificar",
        set: {
          dni: a.dni,
          apeynom: nombre.apeynom,
          expediente: a.expediente,
          horario: a.horario,
          ...alumnoEnTextoDeRegistro(a), // school and level as the registry writes text (ADR 054, 077)
          observacion: a.observacion ?? null,
        },
        returning: alumnoFields,
      });
      if (isFailure(row)) throw new Abort(row);
      await audit(tx, by, {
        accion: "mae.alumno.modificar",
        entidad: "mae_alumno",
        entidadId: row.id,
        detalle: {
          id_ficha: row.id_ficha,
          dni: row.dni,
          version: row.version,
          ...(a.version == null ? { sin_control_de_version: true } : {}),
        },
      });
      return toAlumno(row);
    },
    conflicts({ unique: ALUMNO_DUPLICADO }),
  );
  if (isFailure(out)) return out;
  return { ok: true, alumno: out, msg: MAE_MSG.ALUMNO_GUARDADO };
}

/** Deletes a saved active student (spec §4); an inactive one is read-only (409). */
export async function eliminarAlumno(
  id: number,
  by: SessionUser,
): Promise<{ ok: true; id: number; id_ficha: number; msg: string } | Failure> {
  if (!isDbId(id)) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  const out = await inTransaction(
    async (tx) => {
      const [row] = await tx
        .delete(maeAlumnos)
        .where(and(eq(maeAlumnos.id, id), eq(maeAlumnos.estado, true)))
        .returning(alumnoFields);
      if (!row) throw new Abort(await porQueNoAlumno(tx, id, "eliminar"));
      await audit(tx, by, {
        accion: "mae.alumno.eliminar",
        entidad: "mae_alumno",
        entidadId: id,
        detalle: { id_ficha: row.id_ficha, dni: row.dni, apeynom: row.apeynom, expediente: row.expediente },
      });
      return row.id_ficha;
    },
    conflicts({ unique: ALUMNO_DUPLICADO }),
  );
  if (isFailure(out)) return out;
  return { ok: true, id, id_ficha: out, msg: MAE_MSG.ALUMNO_ELIMINADO };
}

/**
 * Inactivates a saved active student (spec §4: active → inactive only through this): estado false and the
 * inactivation date, today in the insurer's time zone. Already inactive → 409; with `version` (the one read) an
 * older version is 409 (ADR 047).
 */
export async function inactivarAlumno(
  id: number,
  by: SessionUser,
  now: Date = new Date(),
  version?: number,
): Promise<AlumnoResult> {
  if (!isDbId(id)) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  if (version != null && !isDbId(version)) return staleVersion();
  const out = await inTransaction(
    async (tx) => {
      const row = await escribirAlumno(tx, {
        id,
        version,
        accionAlumno: "inactivar",
        set: { estado: false, fecha_inactivacion: todayISO(now) },
        returning: alumnoFields,
      });
      if (isFailure(row)) throw new Abort(row);
      await audit(tx, by, {
        accion: "mae.alumno.inactivar",
        entidad: "mae_alumno",
        entidadId: id,
        detalle: { id_ficha: row.id_ficha, dni: row.dni, fecha_inactivacion: row.fecha_inactivacion },
      });
      return toAlumno(row);
    },
    conflicts({ unique: ALUMNO_DUPLICADO }),
  );
  if (isFailure(out)) return out;
  return { ok: true, alumno: out, msg: MAE_MSG.ALUMNO_INACTIVADO };
}
