// The MAE registry's rows as the module returns them (spec §3 FichaMae, AlumnoMae), the reads of one ficha (by id,
// by DNI and school year) and the mapping of a write's constraint violations to its failure. Shared by
// mae.server.ts (fichas) and alumnos.server.ts (students).
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "~db/errors";
import { isDbId, type Failure } from "~db/transaction";
import { maeAlumnos, maeFichas } from "~db/schema/mae";
import { type AlumnoMae, type FichaMae } from "./rules";

export type { AlumnoMae, FichaMae };

export type { Failure };

/** A unique or foreign-key violation of a write, as its failure (the constraint decides a duplicate). */
export const conflicts =
  (c: { unique: Failure; foreignKey?: Failure }) =>
  (e: unknown): Failure | undefined =>
    isUniqueViolation(e) ? c.unique : c.foreignKey && isForeignKeyViolation(e) ? c.foreignKey : undefined;

export const alumnoFields = {
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
  version: maeAlumnos.version,
};
export const fichaFields = {
  id: maeFichas.id,
  dni: maeFichas.dni,
  apeynom: maeFichas.apeynom,
  titulo_mae: maeFichas.titulo_mae,
  anio_lectivo: maeFichas.anio_lectivo,
  version: maeFichas.version,
};

type AlumnoRow = AlumnoMae & { id_ficha: number };
export const toAlumno = ({ id_ficha: _f, ...a }: AlumnoRow): AlumnoMae => a;

/** The students of these fichas, grouped by ficha (oldest first). */
export async function alumnosDe(db: Db | Tx, ids: number[]): Promise<Map<number, AlumnoMae[]>> {
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
