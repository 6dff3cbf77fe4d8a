// Profiles (spec part 2 §3 Profile, §7 /api/perfiles; docs/decisions/035): the list of the /perfiles table, one
// profile, create and modify. Every write runs in one transaction with its audit entry. Deactivating a profile takes
// its users' screens and operations away on their next request (sessions.server.ts reads them per request), so it
// goes through the administrators' guard rails (ADR 034): never profile 1, never the actor's own profile, never the
// last administrator.
import { forgetSessions } from "~/auth/session-cache.server";
import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "~db/client.server";
import { usPerfiles } from "~db/schema/auth";
import { Abort, fail, inTransaction, isDbId, type Failure } from "~db/transaction";
import type { TableQuery } from "~/lib/table-state";
import { audit, type AuditActor } from "~/lib/audit.server";
import { PERFIL_ADMINISTRADOR } from "~/modules/usuarios/administradores";
import { assertQuedaAdministrador, lockAdministradores } from "~/modules/usuarios/administradores.server";
import type { CrearPerfil, ModificarPerfil } from "./perfiles.schema";
import { assertPerfilAlAlcance, conRechazoAuditado, perfilDelActor } from "./alcance.server";
import { ESCALADA, PERFIL_MSG, type Perfil, type SortKey } from "./rules";

export type PerfilesQuery = Pick<TableQuery<SortKey>, "q" | "sort" | "dir" | "page"> & { size: number };

const COLUMNS = { id: usPerfiles.id, descripcion: usPerfiles.descripcion, activo: usPerfiles.activo };
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The /perfiles table: search in the description (or the exact id), sorted, one page; and the total. */
export async function listPerfiles(f: PerfilesQuery): Promise<{ perfiles: Perfil[]; total_records: number }> {
  const db = await getDb();
  const conds: SQL[] = [];
  const q = f.q.trim();
  if (q) {
    const like = sql`${usPerfiles.descripcion} ilike ${`%${escapeLike(q)}%`} escape '\\'`;
    conds.push(/^\d{1,9}$/.test(q) ? sql`(${like} or ${usPerfiles.id} = ${Number(q)})` : like);
  }
  const where = conds.length ? and(...conds) : undefined;
  const order = f.dir === "desc" ? desc(COLUMNS[f.sort]) : asc(COLUMNS[f.sort]);
  const [perfiles, [{ total }]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(usPerfiles)
      .where(where)
      .orderBy(order, asc(usPerfiles.id))
      .limit(f.size)
      .offset(f.page * f.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(usPerfiles)
      .where(where),
  ]);
  return { perfiles, total_records: Number(total) };
}

/** Every profile, by id (GET /api/perfiles; the users screen's profile select). */
export async function todosLosPerfiles(): Promise<Perfil[]> {
  const db = await getDb();
  return db.select(COLUMNS).from(usPerfiles).orderBy(asc(usPerfiles.id));
}

export async function perfilPorId(id: number): Promise<Perfil | null> {
  if (!isDbId(id)) return null;
  const db = await getDb();
  const [row] = await db.select(COLUMNS).from(usPerfiles).where(eq(usPerfiles.id, id));
  return row ?? null;
}

// ---- Shared by the writes of this module (profiles, their operations and screens) ------------------------------

/** The profile, locked for the rest of the transaction; 404 when there is none. */
export async function perfilParaModificar(tx: Tx, id: number, param = "id"): Promise<Perfil> {
  const [row] = isDbId(id) ? await tx.select(COLUMNS).from(usPerfiles).where(eq(usPerfiles.id, id)).for("update") : [];
  if (!row) throw new Abort(fail(404, PERFIL_MSG.NO_EXISTE, param));
  return row;
}

/** Descriptions are unique ignoring case and surrounding spaces (checked under a lock: ADR 035). */
const DESCRIPCION_LOCK = 14_035;
async function assertDescripcionLibre(tx: Tx, descripcion: string, salvoId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DESCRIPCION_LOCK})`);
  const same = sql`lower(trim(${usPerfiles.descripcion})) = lower(${descripcion.trim()})`;
  const [dup] = await tx
    .select({ id: usPerfiles.id })
    .from(usPerfiles)
    .where(salvoId ? and(same, ne(usPerfiles.id, salvoId)) : same)
    .limit(1);
  if (dup) throw new Abort(fail(409, PERFIL_MSG.DESCRIPCION_REPETIDA, "descripcion", "duplicate"));
}

// ---- Writes -----------------------------------------------------------------------------------------------------

export type PerfilResult = { ok: true; msg: string; perfil: Perfil } | Failure;

/** 'Crear perfil' / POST /api/perfiles: a new profile without screens or operations. */
export async function crearPerfil(input: CrearPerfil, actor: AuditActor): Promise<PerfilResult> {
  return inTransaction(async (tx) => {
    await assertDescripcionLibre(tx, input.descripcion);
    const [perfil] = await tx
      .insert(usPerfiles)
      .values({ descripcion: input.descripcion, activo: input.activo })
      .returning(COLUMNS);
    await audit(tx, actor, {
      accion: "perfil.crear",
      entidad: "perfil",
      entidadId: perfil.id,
      detalle: { descripcion: perfil.descripcion, activo: perfil.activo },
    });
    return { ok: true as const, msg: PERFIL_MSG.CREADO, perfil };
  });
}

/**
 * 'Modificar perfil' / PUT /api/perfiles: description and state. Refused: a profile holding a grant the actor lacks
 * (403, ADR 046); deactivating profile 1, the actor's own profile, or leaving no administrator (409).
 */
export async function modificarPerfil(input: ModificarPerfil, actor: AuditActor): Promise<PerfilResult> {
  const intento = { accion: "perfil.modificar", entidad: "perfil", entidadId: input.id };
  const result = await conRechazoAuditado(actor, intento, () =>
    inTransaction(async (tx) => {
      const antes = await perfilParaModificar(tx, input.id);
      // Reactivating or renaming a profile that holds more than the actor is giving what they do not hold (ADR 046).
      await assertPerfilAlAlcance(tx, actor, antes.id, ESCALADA.MODIFICAR_PERFIL, "id");
      const activo = input.activo ?? antes.activo;
      const desactiva = antes.activo && !activo;
      if (desactiva) {
        if (antes.id === PERFIL_ADMINISTRADOR) {
          throw new Abort(fail(409, PERFIL_MSG.ADMINISTRADOR_NO_DESACTIVABLE, "activo"));
        }
        if ((await perfilDelActor(tx, actor)) === antes.id) {
          throw new Abort(fail(409, PERFIL_MSG.PROPIO_NO_DESACTIVABLE, "activo"));
        }
        await lockAdministradores(tx);
      }
      if (input.descripcion.trim().toLowerCase() !== antes.descripcion.trim().toLowerCase()) {
        await assertDescripcionLibre(tx, input.descripcion, antes.id);
      }
      const [despues] = await tx
        .update(usPerfiles)
        .set({ descripcion: input.descripcion, activo })
        .where(eq(usPerfiles.id, antes.id))
        .returning(COLUMNS);
      if (desactiva) await assertQuedaAdministrador(tx, "activo");
      await audit(tx, actor, {
        accion: "perfil.modificar",
        entidad: "perfil",
        entidadId: antes.id,
        detalle: { antes, despues },
      });
      return { ok: true as const, msg: PERFIL_MSG.MODIFICADO, perfil: despues };
    }),
  );
  forgetSessions(); // after the commit: this process's next request sees the change
  return result;
}
