// The MAE registry (spec part 2 §2–§7; docs/decisions/032-mae-registry.md): fichas per teacher DNI and school year
// with their students. Reads: one ficha by id or by DNI and year, the list with its five filters and paging. Writes
// (each ONE transaction with its audit entry): create / modify / delete a ficha (its students go with it), add /
// modify / delete / inactivate a student. The student state machine (rules.ts) is enforced here on every path, and
// a student's name is always the member registry's (Validar = the padrón by DNI, first result).
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~db/errors";
import { Abort, fail, inTransaction, isDbId, isFailure, type Failure } from "~db/transaction";
import { maeAlumnos, maeFichas } from "~db/schema/mae";
import type { SessionUser } from "~/auth/sessions.server";
import { todayISO } from "~/lib/dates";
import { ACCENTED, normalizeName, searchPadron, UNACCENTED } from "~/modules/afiliados/padron.server";
import { audit } from "~/modules/audit-log/audit.server";
import type { AgregarAlumnoInput, FichaMaeInput, MaeFiltro, ModificarAlumnoInput } from "./mae.schema";
import { MAE_MSG, problemaAlumno, type AccionAlumno } from "./rules";

export { MAE_MSG };

/** Alumno (spec §3) as the screens and the API carry it. */
export type AlumnoMae = {
  id: number;
  dni: string;
  apeynom: string;
  expediente: string;
  horario: string;
  escuela: string;
  escuela_nivel: string;
  observacion: string | null;
  estado: boolean;
  fecha_inactivacion: string | null;
  anio_lectivo: number;
};

/** MAE ficha (spec §3) with its students (oldest first). */
export type FichaMae = {
  id: number;
  dni: string;
  apeynom: string;
  titulo_mae: string;
  anio_lectivo: number;
  alumnos: AlumnoMae[];
};

export type { Failure };

/** A unique or foreign-key violation of a write, as its failure (the constraint decides a duplicate). */
const conflicts =
  (c: { unique: Failure; foreignKey?: Failure }) =>
  (e: unknown): Failure | undefined =>
    isUniqueViolation(e) ? c.unique : c.foreignKey && isForeignKeyViolation(e) ? c.foreignKey : undefined;

const alumnoFields = {
  id: maeAlumnos.id,
  id_ficha: maeAlumnos.id_ficha,
  dni: maeAlumnos.dni,
  apeynom: maeAlumnos.apeynom,
  expediente: maeAlumnos.expediente,
  horario: maeAlumnos.horario,
  escuela: maeAlumnos.escuela,
  escuela_nivel: maeAlumnos.escuela_nivel,
  observacion: maeAlumnos.observacion,
  estado: maeAlumnos.estado,
  fecha_inactivacion: maeAlumnos.fecha_inactivacion,
  anio_lectivo: maeAlumnos.anio_lectivo,
};
const fichaFields = {
  id: maeFichas.id,
  dni: maeFichas.dni,
  apeynom: maeFichas.apeynom,
  titulo_mae: maeFichas.titulo_mae,
  anio_lectivo: maeFichas.anio_lectivo,
};

type AlumnoRow = AlumnoMae & { id_ficha: number };
const toAlumno = ({ id_ficha: _f, ...a }: AlumnoRow): AlumnoMae => a;

/** The students of these fichas, grouped by ficha (oldest first). */
async function alumnosDe(db: Db | Tx, ids: number[]): Promise<Map<number, AlumnoMae[]>> {
  const out = new Map<number, AlumnoMae[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .select(alumnoFields)
    .from(maeAlumnos)
    .where(inArray(maeAlumnos.id_ficha, ids))
    .orderBy(asc(maeAlumnos.id));
  for (const r of rows) out.get(r.id_ficha)?.push(toAlumno(r));
  return out;
}

async function fichaWhere(db: Db | Tx, where: SQL): Promise<FichaMae | null> {
  const [f] = await db.select(fichaFields).from(maeFichas).where(where).limit(1);
  if (!f) return null;
  return { ...f, alumnos: (await alumnosDe(db, [f.id])).get(f.id) ?? [] };
}

// ---- Reads ----------------------------------------------------------------------------------------------------

/** The ficha of `id` with its students, or null. */
export async function fichaPorId(id: number, db?: Db | Tx): Promise<FichaMae | null> {
  if (!isDbId(id)) return null;
  return fichaWhere(db ?? (await getDb()), eq(maeFichas.id, id));
}

/** The ficha of a teacher's DNI for a school year (the form's fetch), or null. */
export async function fichaPorDni(dni: string, anio: number): Promise<FichaMae | null> {
  return fichaWhere(await getDb(), and(eq(maeFichas.dni, dni.trim()), eq(maeFichas.anio_lectivo, anio))!);
}

/** A name as the list filter matches it: the words (accents and case ignored), each found anywhere, any order. */
function nameMatches(column: SQL | typeof maeFichas.apeynom | typeof maeAlumnos.apeynom, typed: string): SQL[] {
  // Only letters and digits survive normalizeName, so no LIKE wildcard or quote can reach a pattern.
  const words = [...new Set(normalizeName(typed).split(" ").filter(Boolean))].slice(0, 8);
  const folded = sql`lower(translate(${column}, ${ACCENTED}, ${UNACCENTED}))`;
  return words.map((w) => sql`${folded} like ${`%${w}%`}`);
}

/** The list (spec §2 /listado-mae, §7 GET /api/mae): a page of fichas of the school year, and the total. */
export async function listarFichas(f: MaeFiltro): Promise<{ fichas: FichaMae[]; total_records: number }> {
  const db = await getDb();
  const where: SQL[] = [eq(maeFichas.anio_lectivo, f.anio_lectivo)];
  if (f.apeynom_mae) where.push(...nameMatches(maeFichas.apeynom, f.apeynom_mae));
  if (f.dni_mae) where.push(sql`${maeFichas.dni} like ${`${f.dni_mae}%`}`);
  const alumno: SQL[] = [];
  if (f.dni_alumno) alumno.push(sql`${maeAlumnos.dni} like ${`${f.dni_alumno}%`}`);
  if (f.apeynom_alumno) alumno.push(...nameMatches(maeAlumnos.apeynom, f.apeynom_alumno));
  if (alumno.length) {
    where.push(
      sql`exists (select 1 from ${maeAlumnos} where ${maeAlumnos.id_ficha} = ${maeFichas.id} and ${and(...alumno)})`,
    );
  }
  const cond = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(fichaFields)
      .from(maeFichas)
      .where(cond)
      .orderBy(asc(maeFichas.apeynom), asc(maeFichas.id))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select({ total: count() }).from(maeFichas).where(cond),
  ]);
  const alumnos = await alumnosDe(
    db,
    rows.map((r) => r.id),
  );
  return { fichas: rows.map((r) => ({ ...r, alumnos: alumnos.get(r.id) ?? [] })), total_records: Number(total) };
}

// ---- Fichas -------------------------------------------------------------------------------------------------

export type FichaResult = { ok: true; ficha: FichaMae; msg: string } | Failure;

const DUPLICADA = fail(409, MAE_MSG.FICHA_DUPLICADA, "dni");

/** 'Guardar MAE' / POST /api/mae: a new ficha; the same DNI and year twice is 409 (the unique constraint decides). */
export async function crearFicha(input: FichaMaeInput, by: SessionUser): Promise<FichaResult> {
  const out = await inTransaction(
    async (tx) => {
      const [row] = await tx
        .insert(maeFichas)
        .values({
          dni: input.dni,
          apeynom: input.apeynom,
          titulo_mae: input.titulo_mae,
          anio_lectivo: input.anio_lectivo,
        })
        .returning({ id: maeFichas.id });
      await audit(tx, by, {
        accion: "mae.ficha.crear",
        entidad: "mae_ficha",
        entidadId: row.id,
        detalle: { dni: input.dni, anio_lectivo: input.anio_lectivo },
      });
      return (await fichaPorId(row.id, tx))!;
    },
    conflicts({ unique: DUPLICADA }),
  );
  if (isFailure(out)) return out;
  return { ok: true, ficha: out, msg: MAE_MSG.FICHA_GUARDADA };
}

/** 'Modificar MAE' / PUT /api/mae: name and title of a ficha; its DNI and school year stay as saved. */
export async function modificarFicha(input: FichaMaeInput, by: SessionUser): Promise<FichaResult> {
  const id = input.id;
  if (id == null || !isDbId(id)) return fail(404, MAE_MSG.FICHA_NO_EXISTE, "id");
  const out = await inTransaction(
    async (tx) => {
      const [saved] = await tx
        .select({ dni: maeFichas.dni, anio_lectivo: maeFichas.anio_lectivo })
        .from(maeFichas)
        .where(eq(maeFichas.id, id))
        .for("update");
      if (!saved) throw new Abort(fail(404, MAE_MSG.FICHA_NO_EXISTE, "id"));
      if (saved.dni !== input.dni) throw new Abort(fail(422, MAE_MSG.FICHA_DNI_FIJO, "dni"));
      if (saved.anio_lectivo !== input.anio_lectivo) throw new Abort(fail(422, MAE_MSG.FICHA_DNI_FIJO, "anio_lectivo"));
      await tx
        .update(maeFichas)
        .set({ apeynom: input.apeynom, titulo_mae: input.titulo_mae, updatedAt: new Date() })
        .where(eq(maeFichas.id, id));
      await audit(tx, by, {
        accion: "mae.ficha.modificar",
        entidad: "mae_ficha",
        entidadId: id,
        detalle: { dni: saved.dni, anio_lectivo: saved.anio_lectivo },
      });
      return (await fichaPorId(id, tx))!;
    },
    conflicts({ unique: DUPLICADA }),
  );
  if (isFailure(out)) return out;
  return { ok: true, ficha: out, msg: MAE_MSG.FICHA_MODIFICADA };
}

/**
 * 'Eliminar MAE' / DELETE /api/mae/{id}: the ficha and, with it, its students (ADR 032: the confirmation says how
 * many; the database cascades). The audit entry keeps what was deleted.
 */
export async function eliminarFicha(
  id: number,
  by: SessionUser,
): Promise<{ ok: true; id: number; alumnos: number; msg: string } | Failure> {
  if (!isDbId(id)) return fail(404, MAE_MSG.FICHA_NO_EXISTE);
  const out = await inTransaction(
    async (tx) => {
      const [f] = await tx.select(fichaFields).from(maeFichas).where(eq(maeFichas.id, id)).for("update");
      if (!f) throw new Abort(fail(404, MAE_MSG.FICHA_NO_EXISTE));
      const alumnos = (await alumnosDe(tx, [id])).get(id) ?? [];
      await tx.delete(maeFichas).where(eq(maeFichas.id, id));
      await audit(tx, by, {
        accion: "mae.ficha.eliminar",
        entidad: "mae_ficha",
        entidadId: id,
        detalle: {
          ...f,
          alumnos: alumnos.map((a) => ({
            id: a.id,
            dni: a.dni,
            apeynom: a.apeynom,
            expediente: a.expediente,
            estado: a.estado,
            fecha_inactivacion: a.fecha_inactivacion,
          })),
        },
      });
      return alumnos.length;
    },
    conflicts({ unique: DUPLICADA }),
  );
  if (isFailure(out)) return out;
  return { ok: true, id, alumnos: out, msg: MAE_MSG.FICHA_ELIMINADA };
}

// ---- Students -----------------------------------------------------------------------------------------------

export type AlumnoResult = { ok: true; alumno: AlumnoMae; msg: string } | Failure;

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

const ALUMNO_DUPLICADO = fail(409, MAE_MSG.ALUMNO_DUPLICADO, "alumno.dni");

/** Why a write on student `id` touched no row: unknown (404) or its state refuses `accion` (409). */
async function porQueNoAlumno(tx: Tx, id: number, accion: AccionAlumno): Promise<Failure> {
  const [row] = await tx
    .select({ id: maeAlumnos.id, estado: maeAlumnos.estado })
    .from(maeAlumnos)
    .where(eq(maeAlumnos.id, id));
  if (!row) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  return fail(409, problemaAlumno(row, accion) ?? MAE_MSG.ALUMNO_INACTIVO);
}

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
          escuela: a.escuela,
          escuela_nivel: a.escuela_nivel,
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

/** A saved active student's data (spec §4: saved through modify); an inactive one is read-only (409). */
export async function modificarAlumno(input: ModificarAlumnoInput, by: SessionUser): Promise<AlumnoResult> {
  const a = input.alumno;
  if (!isDbId(a.id)) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  const nombre = await validarAlumno(a.dni);
  if (!nombre.ok) return nombre;
  const out = await inTransaction(
    async (tx) => {
      const [row] = await tx
        .update(maeAlumnos)
        .set({
          dni: a.dni,
          apeynom: nombre.apeynom,
          expediente: a.expediente,
          horario: a.horario,
          escuela: a.escuela,
          escuela_nivel: a.escuela_nivel,
          observacion: a.observacion ?? null,
        })
        .where(and(eq(maeAlumnos.id, a.id), eq(maeAlumnos.estado, true)))
        .returning(alumnoFields);
      if (!row) throw new Abort(await porQueNoAlumno(tx, a.id, "modificar"));
      await audit(tx, by, {
        accion: "mae.alumno.modificar",
        entidad: "mae_alumno",
        entidadId: row.id,
        detalle: { id_ficha: row.id_ficha, dni: row.dni },
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
 * inactivation date, today in the insurer's time zone. Already inactive → 409.
 */
export async function inactivarAlumno(id: number, by: SessionUser, now: Date = new Date()): Promise<AlumnoResult> {
  if (!isDbId(id)) return fail(404, MAE_MSG.ALUMNO_NO_EXISTE);
  const out = await inTransaction(
    async (tx) => {
      const [row] = await tx
        .update(maeAlumnos)
        .set({ estado: false, fecha_inactivacion: todayISO(now) })
        .where(and(eq(maeAlumnos.id, id), eq(maeAlumnos.estado, true)))
        .returning(alumnoFields);
      if (!row) throw new Abort(await porQueNoAlumno(tx, id, "inactivar"));
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

/** The ficha a student is on (the screens go back to it), or null. */
export async function fichaDeAlumno(id: number): Promise<number | null> {
  if (!isDbId(id)) return null;
  const db = await getDb();
  const [row] = await db.select({ id_ficha: maeAlumnos.id_ficha }).from(maeAlumnos).where(eq(maeAlumnos.id, id));
  return row?.id_ficha ?? null;
}
