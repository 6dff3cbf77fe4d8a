// The CAPA covid registry (spec part 2 §3, §7, §8; ADR 031): the member lookup of the form, create and update (each
// ONE transaction with its audit entry), read by id, the paged list by registration date and the export rows.
// The member's data of a record (number, relationship, name, age) come from the member registry by DNI, never from
// the client; the DNI must be a member's; household members need not be (a member's row takes the registry's name
// and age, a non-member's keeps what was typed).
import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "~db/client.server";
import { isUniqueViolationOf } from "~db/errors";
import { Abort, fail, inTransaction, isDbId, isFailure, type Failure } from "~db/transaction";
import { staleVersion, updateVersioned } from "~db/version";
import { afiliados, NULL_DATE } from "~db/schema/afiliados";
import { CAPA_DNI_POSITIVO_UQ, CAPA_DUPLICADO, capaIntegrantes, capaRegistros } from "~db/schema/capa";
import { todayISO } from "~/lib/dates";
import { dniSchema } from "~/lib/input";
import { toRegistryText, toRegistryTextOrNull } from "~/lib/registry-text";
import { audit, type AuditActor } from "~/lib/audit.server";
import { parentescoText } from "~/modules/oncologia/afiliado-text";
import type { CapaFilter, CapaInput, CapaListQuery, IntegranteInput } from "./capa.schema";
import { CAPA_MSG, capaDuplicadaText, edadAl, EXPORT_LIMIT, fechaPositivoProblem } from "./rules";
import type { FichaCapa, Integrante } from "./rules";

export type FichaCapaExport = FichaCapa & { estado_registro: string };

export type SaveResult = { ok: true; ficha: FichaCapa; msg: string } | Failure;

/** The member's data of a record, from the registry. */
export type AfiliadoCapa = {
  afi_dni: string;
  afi_nombre: string;
  afi_nro_afi: string;
  afi_parentesco: string;
  afi_edad: number | null;
};

// ---- Member lookup --------------------------------------------------------------------------------------------

/**
 * The member with DNI `dni` (7 or 8 digits; the one that has not left first, then the newest), with the age on
 * `fecha`; null when the DNI is malformed or nobody has it. Members who left are found too (like the registry
 * search and the oncology form).
 */
export async function afiliadoCapa(
  dni: string,
  fecha: string = todayISO(),
  db?: Db | Tx,
): Promise<AfiliadoCapa | null> {
  const parsed = dniSchema.safeParse(dni);
  if (!parsed.success) return null;
  const conn = db ?? (await getDb());
  const [a] = await conn
    .select({
      numdoc: afiliados.numdoc,
      apeynom: afiliados.apeynom,
      nroafi: afiliados.nroafi,
      descparentesco: afiliados.descparentesco,
      nroparentesco: afiliados.nroparentesco,
      baperfenac: afiliados.baperfenac,
    })
    .from(afiliados)
    .where(eq(afiliados.numdoc, parsed.data))
    .orderBy(sql`(${afiliados.fechbaja} = ${NULL_DATE}::date) desc`, desc(afiliados.idafi))
    .limit(1);
  if (!a) return null;
  return {
    afi_dni: a.numdoc.trim(),
    afi_nombre: a.apeynom.trim(),
    afi_nro_afi: a.nroafi.trim(),
    afi_parentesco: parentescoText(a.descparentesco, a.nroparentesco),
    afi_edad: edadAl(a.baperfenac, fecha),
  };
}

/** A household member's name and age from the registry (the form's per-row 'Buscar'); null when not a member. */
export async function integranteCapa(
  dni: string,
  fecha: string = todayISO(),
): Promise<{ afi_nombre_integrante: string; afi_edad_integrante: number | null } | null> {
  const a = await afiliadoCapa(dni, fecha);
  return a ? { afi_nombre_integrante: a.afi_nombre, afi_edad_integrante: a.afi_edad } : null;
}

/**
 * The household rows to store (issue 35: identity comes from the registry): a row whose DNI is a member's takes the
 * registry's name and age (on `fecha`, the registration date), whatever was typed — the member lookup of the record's
 * own member, afiliadoCapa; a row of no member keeps what was typed (a cohabitant may be uninsured), and so does a
 * value the registry lacks (a blank name, no birth date). Names as the registry writes them (ADR 054).
 */
async function integrantesCompletos(tx: Tx, rows: IntegranteInput[], fecha: string): Promise<Integrante[]> {
  const out: Integrante[] = [];
  for (const r of rows) {
    const a = await afiliadoCapa(r.afi_dni_integrante, fecha, tx);
    out.push({
      afi_dni_integrante: r.afi_dni_integrante,
      afi_nombre_integrante: toRegistryTextOrNull(a?.afi_nombre || r.afi_nombre_integrante || null),
      afi_edad_integrante: a?.afi_edad ?? r.afi_edad_integrante ?? null,
    });
  }
  return out;
}

async function insertIntegrantes(tx: Tx, capaId: number, rows: Integrante[]): Promise<void> {
  if (rows.length) await tx.insert(capaIntegrantes).values(rows.map((r) => ({ capaId, ...r })));
}

/**
 * The contact and covid columns of a validated record (every one set, null when empty, so an update clears); the
 * locality as the registry writes places (ADR 054).
 */
function datosValues(input: CapaInput) {
  return {
    afi_localidad: toRegistryText(input.afi_localidad),
    afi_telefono: input.afi_telefono,
    afi_telefono_alternativo: input.afi_telefono_alternativo ?? null,
    afi_email: input.afi_email ?? null,
    fecha_positivo: input.fecha_positivo,
    esquema_vacunacion: input.esquema_vacunacion,
    tipo_modulo: input.tipo_modulo ?? null,
    nro_autorizacion_sia: input.nro_autorizacion_sia ?? null,
  };
}

function checkFechaPositivo(input: CapaInput, today: string): void {
  const problem = fechaPositivoProblem(input.fecha_positivo, today);
  if (problem) throw new Abort(fail(422, problem, "fecha_positivo"));
}

// ---- One record per DNI and positive date (issue 35) --------------------------------------------------------------

/**
 * The refusal of a record whose DNI and positive date another record (not `exceptId`, not set aside as a duplicate)
 * already has: 409 at the positive date, naming that record's number; null when there is none.
 */
async function duplicadaDe(db: Db | Tx, dni: string, fecha: string, exceptId?: number): Promise<Failure | null> {
  const [other] = await db
    .select({ nro: capaRegistros.nro_registro })
    .from(capaRegistros)
    .where(
      and(
        eq(capaRegistros.afi_dni, dni),
        eq(capaRegistros.fecha_positivo, fecha),
        ne(capaRegistros.estado_registro, CAPA_DUPLICADO),
        exceptId != null ? ne(capaRegistros.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(capaRegistros.nro_registro))
    .limit(1);
  return other ? fail(409, capaDuplicadaText(other.nro), "fecha_positivo", "duplicate") : null;
}

/** The write lost a race to a record of the same DNI and positive date: the unique index refused it. */
const CARRERA: Failure = fail(409, CAPA_MSG.DUPLICADA, "fecha_positivo", "duplicate");
const carrera = (e: unknown) => (isUniqueViolationOf(e, CAPA_DNI_POSITIVO_UQ) ? CARRERA : undefined);

/**
 * A save's result with a lost race answered like the check inside the transaction: the record that won is committed
 * by then, so its number is read now (a fresh read); the refusal without a number stays only if it cannot be found.
 */
async function sinCarrera<T>(out: T | Failure, dni: string, fecha: string, exceptId?: number): Promise<T | Failure> {
  if (out !== CARRERA) return out;
  return (await duplicadaDe(await getDb(), dni, fecha, exceptId)) ?? CARRERA;
}

// ---- Reading --------------------------------------------------------------------------------------------------

const fichaColumns = {
  id: capaRegistros.id,
  nro_registro: capaRegistros.nro_registro,
  fecha_registracion: capaRegistros.fecha_registracion,
  afi_dni: capaRegistros.afi_dni,
  afi_nro_afi: capaRegistros.afi_nro_afi,
  afi_parentesco: capaRegistros.afi_parentesco,
  afi_nombre: capaRegistros.afi_nombre,
  afi_localidad: capaRegistros.afi_localidad,
  afi_edad: capaRegistros.afi_edad,
  afi_telefono: capaRegistros.afi_telefono,
  afi_telefono_alternativo: capaRegistros.afi_telefono_alternativo,
  afi_email: capaRegistros.afi_email,
  fecha_positivo: capaRegistros.fecha_positivo,
  esquema_vacunacion: capaRegistros.esquema_vacunacion,
  cant_integrantes: capaRegistros.cant_integrantes,
  tipo_modulo: capaRegistros.tipo_modulo,
  nro_autorizacion_sia: capaRegistros.nro_autorizacion_sia,
  estado_registro: capaRegistros.estado_registro,
  version: capaRegistros.version,
};
type Row = FichaCapaExport;

/** The household members of records `ids`, by record, in the order they were entered. */
async function integrantesDe(db: Db | Tx, ids: number[]): Promise<Map<number, Integrante[]>> {
  const out = new Map<number, Integrante[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select({
      capaId: capaIntegrantes.capaId,
      afi_dni_integrante: capaIntegrantes.afi_dni_integrante,
      afi_nombre_integrante: capaIntegrantes.afi_nombre_integrante,
      afi_edad_integrante: capaIntegrantes.afi_edad_integrante,
    })
    .from(capaIntegrantes)
    .where(inArray(capaIntegrantes.capaId, ids))
    .orderBy(asc(capaIntegrantes.capaId), asc(capaIntegrantes.id));
  for (const { capaId, ...r } of rows) out.get(capaId)?.push(r);
  return out;
}

function toFicha({ estado_registro: _e, ...r }: Omit<Row, "integrantes">, integrantes: Integrante[]): FichaCapa {
  return { ...r, integrantes };
}

async function loadCapa(db: Db | Tx, id: number): Promise<FichaCapa | null> {
  const [row] = await db.select(fichaColumns).from(capaRegistros).where(eq(capaRegistros.id, id));
  if (!row) return null;
  return toFicha(row, (await integrantesDe(db, [id])).get(id) ?? []);
}

/** GET /api/capa-covid/{id} and /regcapa/{id}: the record with its household, or null. */
export async function getCapa(id: number): Promise<FichaCapa | null> {
  if (!isDbId(id)) return null;
  return loadCapa(await getDb(), id);
}

const inRange = (f: CapaFilter) =>
  and(gte(capaRegistros.fecha_registracion, f.fecha_desde), lte(capaRegistros.fecha_registracion, f.fecha_hasta));
const NEWEST_FIRST = [desc(capaRegistros.fecha_registracion), desc(capaRegistros.nro_registro)];

/**
 * The records registered in the range, newest first: one page (page 0-based, `size`) with the total, or with
 * for_export every record up to EXPORT_LIMIT (with estado_registro).
 */
export async function listCapa(
  q: CapaListQuery,
): Promise<{ fichas: (FichaCapa | FichaCapaExport)[]; total_records: number }> {
  const db = await getDb();
  const where = inRange(q);
  const [[{ total }], rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(capaRegistros)
      .where(where),
    q.for_export
      ? db
          .select(fichaColumns)
          .from(capaRegistros)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(EXPORT_LIMIT)
      : db
          .select(fichaColumns)
          .from(capaRegistros)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(q.size)
          .offset(q.page * q.size),
  ]);
  const household = await integrantesDe(
    db,
    rows.map((r) => r.id),
  );
  const fichas = rows.map((r) => {
    const integrantes = household.get(r.id) ?? [];
    return q.for_export ? { ...toFicha(r, integrantes), estado_registro: r.estado_registro } : toFicha(r, integrantes);
  });
  return { fichas, total_records: total };
}

/**
 * The rows of an export (PDF, XLSX, the API's for_export) of the range, at most EXPORT_LIMIT, with the export's
 * audit entry ('capa.exportar').
 */
export async function exportCapa(
  by: AuditActor,
  filter: CapaFilter,
  via: "pdf" | "xlsx" | "api",
): Promise<{ fichas: FichaCapaExport[]; total_records: number; limited: boolean }> {
  const { fichas, total_records } = await listCapa({ ...filter, page: 0, size: EXPORT_LIMIT, for_export: true });
  await audit(await getDb(), by, {
    accion: "capa.exportar",
    entidad: "capa",
    detalle: { ...filter, via, registros: fichas.length },
  });
  return { fichas: fichas as FichaCapaExport[], total_records, limited: total_records > fichas.length };
}

// ---- Writing --------------------------------------------------------------------------------------------------

/**
 * Registers a record: fecha_registracion today (Catamarca), nro_registro from the sequence, the member's data from
 * the registry (the DNI must be a member's: 422 otherwise), cant_integrantes = the household's size, the household
 * rows and the audit entry — all or nothing.
 */
export async function createCapa(input: CapaInput, by: AuditActor, now: Date = new Date()): Promise<SaveResult> {
  const today = todayISO(now);
  const out = await inTransaction(async (tx) => {
    checkFechaPositivo(input, today);
    const afiliado = await afiliadoCapa(input.afi_dni, today, tx);
    if (!afiliado) throw new Abort(fail(422, CAPA_MSG.AFILIADO_NO_EXISTE, "afi_dni"));
    const duplicada = await duplicadaDe(tx, afiliado.afi_dni, input.fecha_positivo);
    if (duplicada) throw new Abort(duplicada);
    const integrantes = await integrantesCompletos(tx, input.integrantes, today);
    const [row] = await tx
      .insert(capaRegistros)
      .values({
        fecha_registracion: today,
        ...afiliado,
        afi_nombre: toRegistryText(afiliado.afi_nombre),
        ...datosValues(input),
        cant_integrantes: integrantes.length,
      })
      .returning({ id: capaRegistros.id, nro_registro: capaRegistros.nro_registro });
    await insertIntegrantes(tx, row.id, integrantes);
    await audit(tx, by, {
      accion: "capa.registrar",
      entidad: "capa",
      entidadId: row.id,
      detalle: { nro_registro: row.nro_registro, afi_dni: afiliado.afi_dni, integrantes: integrantes.length },
    });
    return (await loadCapa(tx, row.id))!;
  }, carrera);
  const result = await sinCarrera(out, input.afi_dni, input.fecha_positivo);
  if ("ok" in result) return result;
  return { ok: true, ficha: result, msg: CAPA_MSG.CREATED };
}

/**
 * Modifies record `input.id`: the contact and covid data, and the household list replaced (cant_integrantes
 * follows it), with the audit entry. The DNI cannot change (422) and the member's data stay as registered. With
 * `version` (the one read) the UPDATE is conditional on it and adds 1: an older one is 409 MSG_VERSION_VIEJA and
 * nothing changes; without it the save is accepted (ADR 047). Unknown id → 404.
 */
export async function updateCapa(input: CapaInput, by: AuditActor, now: Date = new Date()): Promise<SaveResult> {
  const { id, version } = input;
  if (id == null) return fail(400, CAPA_MSG.ID_REQUIRED, "id");
  if (!isDbId(id)) return fail(404, CAPA_MSG.NOT_FOUND);
  if (version != null && !isDbId(version)) return staleVersion();
  const out = await inTransaction(async (tx) => {
    const [current] = await tx
      .select({
        afi_dni: capaRegistros.afi_dni,
        nro_registro: capaRegistros.nro_registro,
        fecha_registracion: capaRegistros.fecha_registracion,
        estado_registro: capaRegistros.estado_registro,
      })
      .from(capaRegistros)
      .where(eq(capaRegistros.id, id))
      .for("update");
    if (!current) throw new Abort(fail(404, CAPA_MSG.NOT_FOUND));
    if (current.afi_dni.trim() !== input.afi_dni) throw new Abort(fail(422, CAPA_MSG.DNI_FIJO, "afi_dni"));
    checkFechaPositivo(input, todayISO(now));
    // A record set aside as a duplicate is outside the rule (and the index); any other may not take another's date.
    const duplicada =
      current.estado_registro === CAPA_DUPLICADO
        ? null
        : await duplicadaDe(tx, current.afi_dni, input.fecha_positivo, id);
    if (duplicada) throw new Abort(duplicada);
    const integrantes = await integrantesCompletos(tx, input.integrantes, current.fecha_registracion);
    const written = await updateVersioned(tx, capaRegistros, {
      id,
      version,
      set: { ...datosValues(input), cant_integrantes: integrantes.length, updatedAt: now },
      returning: { version: capaRegistros.version },
    });
    if (isFailure(written)) throw new Abort(written);
    await tx.delete(capaIntegrantes).where(eq(capaIntegrantes.capaId, id));
    await insertIntegrantes(tx, id, integrantes);
    await audit(tx, by, {
      accion: "capa.modificar",
      entidad: "capa",
      entidadId: id,
      detalle: {
        nro_registro: current.nro_registro,
        afi_dni: current.afi_dni,
        integrantes: integrantes.length,
        version: written.version,
        // Sent without the version it was read at: saved without the stale-edit check (ADR 047).
        ...(version == null ? { sin_control_de_version: true } : {}),
      },
    });
    return (await loadCapa(tx, id))!;
  }, carrera);
  const result = await sinCarrera(out, input.afi_dni, input.fecha_positivo, id);
  if ("ok" in result) return result;
  return { ok: true, ficha: result, msg: CAPA_MSG.UPDATED };
}
