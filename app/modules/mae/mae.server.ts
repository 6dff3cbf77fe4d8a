// The MAE registry (spec part 2 §2–§7; docs/decisions/032-mae-registry.md): the list of fichas with its five
// filters and paging, and the ficha writes (each ONE transaction with its audit entry): create / modify / delete
// (its students go with it). The students' writes are in alumnos.server.ts, the shared reads in mae-data.server.ts.
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { Abort, fail, inTransaction, isDbId, isFailure, type Failure } from "~db/transaction";
import { maeAlumnos, maeFichas } from "~db/schema/mae";
import { staleVersion, updateVersioned } from "~db/version";
import type { SessionUser } from "~/auth/sessions.server";
import { ACCENTED, normalizeName, UNACCENTED } from "~/modules/afiliados/padron.server";
import { audit } from "~/lib/audit.server";
import type { FichaMaeInput, MaeFiltro } from "./mae.schema";
import { fichaEnTextoDeRegistro, MAE_MSG, type AlumnoMae, type FichaMae } from "./rules";
import { alumnosDe, conflicts, fichaFields, fichaPorId } from "./mae-data.server";
import { conNombreDelPadron } from "./docente.server";
import type { Tx } from "~db/client.server";

export { MAE_MSG };
export type { AlumnoMae, FichaMae };

/** A name as the list filter matches it: the words (accents and case ignored), each found anywhere, any order. */
function nameMatches(column: SQL | typeof maeFichas.apeynom | typeof maeAlumnos.apeynom, typed: string): SQL[] {
  // Only letters and digits survive normalizeName, so no LIKE wildcard or quote can reach a pattern.
  const words = [...new Set(normalizeName(typed).split(" ").filter(Boolean))].slice(0, 8);
  const folded = sql`lower(translate(${column}, ${ACCENTED}, ${UNACCENTED}))`;
  return words.map((w) => sql`${folded} like ${`%${w}%`}`);
}

/** The list (spec §2 /listado-mae, §7 GET /api/mae): a page of fichas of the school year, and the total. */
export async function listFichas(f: MaeFiltro): Promise<{ fichas: FichaMae[]; total_records: number }> {
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

const DUPLICADA = fail(409, MAE_MSG.FICHA_DUPLICADA, "dni", "duplicate");

/**
 * 'Guardar MAE' / POST /api/mae: a new ficha; the same DNI and year twice is 409 (the unique constraint decides). A
 * member teacher's name is the registry's (ADR 055). `tambien` runs in the same transaction after the insert (the
 * migration copies the kept students there); its Abort undoes the ficha too.
 */
export async function crearFicha(
  typed: FichaMaeInput,
  by: SessionUser,
  tambien?: (tx: Tx, fichaId: number) => Promise<void>,
): Promise<FichaResult> {
  const input = await conNombreDelPadron(typed);
  const out = await inTransaction(
    async (tx) => {
      const [row] = await tx
        .insert(maeFichas)
        .values({
          dni: input.dni,
          ...fichaEnTextoDeRegistro(input), // name and title as the registry writes text (ADR 054, 077)
          anio_lectivo: input.anio_lectivo,
        })
        .returning({ id: maeFichas.id });
      await audit(tx, by, {
        accion: "mae.ficha.crear",
        entidad: "mae_ficha",
        entidadId: row.id,
        detalle: { dni: input.dni, anio_lectivo: input.anio_lectivo },
      });
      await tambien?.(tx, row.id);
      return (await fichaPorId(row.id, tx))!;
    },
    conflicts({ unique: DUPLICADA }),
  );
  if (isFailure(out)) return out;
  return { ok: true, ficha: out, msg: MAE_MSG.FICHA_GUARDADA };
}

/**
 * 'Modificar MAE' / PUT /api/mae: name and title of a ficha; its DNI and school year stay as saved. With `version`
 * (the one read) the UPDATE is conditional on it and adds 1: an older one is 409 and nothing changes (ADR 047).
 */
export async function modificarFicha(typed: FichaMaeInput, by: SessionUser): Promise<FichaResult> {
  const { id, version } = typed;
  if (id == null || !isDbId(id)) return fail(404, MAE_MSG.FICHA_NO_EXISTE, "id");
  if (version != null && !isDbId(version)) return staleVersion();
  const input = await conNombreDelPadron(typed);
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
      const written = await updateVersioned(tx, maeFichas, {
        id,
        version,
        // name and title as the registry writes text (ADR 054, 077)
        set: { ...fichaEnTextoDeRegistro(input), updatedAt: new Date() },
        returning: { version: maeFichas.version },
      });
      if (isFailure(written)) throw new Abort(written);
      await audit(tx, by, {
        accion: "mae.ficha.modificar",
        entidad: "mae_ficha",
        entidadId: id,
        detalle: {
          dni: saved.dni,
          anio_lectivo: saved.anio_lectivo,
          version: written.version,
          ...(version == null ? { sin_control_de_version: true } : {}),
        },
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
