// What a profile is granted (docs/decisions/035): its operations (operaciones.server.ts) and its screens
// (pantallas.server.ts) are two kinds of grant with one engine: read what it holds and what it could be given, add,
// remove. A kind is a small descriptor (its table, how its keys are checked and stored, how its records are read, its
// audit actions and messages); the rules are here, once: profile 1 is built in and not editable (409
// PERFIL_ADMINISTRADOR_FIJO); nobody changes their own profile's grants, changes a profile beyond their own grants and
// scope, nor gives what they do not hold (403, ADR 046: alcance.server.ts); a removal locks the administrators first and refuses leaving no administrator (409, ADR 034).
// One transaction with its audit entry per change (a refusal of ADR 046 is audited apart); the profile's users get the
// change on their next request (permissions are read per request).
import { forgetSessions } from "~/auth/session-cache.server";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { z } from "~/lib/zod";
import { getDb, type Db, type Tx } from "~db/client.server";
import type { usPerfilOperaciones, usPerfilPantallas } from "~db/schema/auth";
import { Abort, fail, inTransaction, isDbId, type Failure } from "~db/transaction";
import { audit, type AuditActor } from "~/lib/audit.server";
import { PERFIL_ADMINISTRADOR, PERFIL_ADMINISTRADOR_FIJO } from "~/modules/usuarios/administradores";
import { assertQuedaAdministrador, lockAdministradores } from "~/modules/usuarios/administradores.server";
import { assertDentroDeLoSuyo, assertNoEsSuPerfil, assertPerfilAlAlcance, conRechazoAuditado } from "./alcance.server";
import { perfilParaModificar, perfilPorId } from "./perfiles.server";
import { ESCALADA, PERFIL_MSG } from "./rules";

/**
 * The name of a kind's lists: the API's field (`operations`, `screens`; `available_…` and `perfil_…` when reading),
 * the param of its errors, the key of its audit detail.
 */
export type GrantParam = "operations" | "screens";

/** A profile-grant record: its own id and the profile (with what it grants, per kind). */
export type GrantRecord = { id: number; usPerfilId: number };

/** The profile-grant tables, and their columns of what is granted (the operation's code, the screen's id). */
type GrantTable = typeof usPerfilOperaciones | typeof usPerfilPantallas;
type GrantColumn = typeof usPerfilOperaciones.usOperacionId | typeof usPerfilPantallas.usPantallaId;

/** A change by keys: the profile and the keys (operation codes, screen paths) under the kind's name. */
export type GrantChange<P extends GrantParam> = { usPerfilId: number } & Record<P, string[]>;

/** One kind of grant. A: what could be granted (an operation, a screen); R: a record with it; G: the stored value. */
export type GrantKind<P extends GrantParam, A, R extends GrantRecord, G extends string | number> = {
  param: P;
  /** The body of add-…/ and the by-key query of remove-…/: the profile and the keys (codes, paths). */
  schema: z.ZodType<GrantChange<P>>;
  /** The profile-grant table and its column of what is granted. */
  table: GrantTable;
  grantColumn: GrantColumn;
  /** A new record of the table. */
  row: (usPerfilId: number, grant: G) => GrantTable["$inferInsert"];
  /** The keys a caller names → the values stored for them; a key that is not grantable → Abort 422 naming it. */
  resolve: (tx: Tx, keys: string[]) => Promise<G[]>;
  /** The records matching `where`, with what they grant, in the lists' order. */
  records: (dbOrTx: Db | Tx, where: SQL | undefined) => Promise<R[]>;
  /** What a profile holding `held` could still be given, in the lists' order. */
  available: (db: Db, held: R[]) => Promise<A[]>;
  /** A record's key (the code, the path): what the audit entry gets. */
  key: (r: R) => string;
  /** An available item's key. */
  availableKey: (a: A) => string;
  /** How the transfer lists name an item. */
  label: (item: A | R) => string;
  /** Audit actions. */
  accion: { agregar: string; quitar: string };
  /** Success messages. */
  msg: { agregadas: string; quitadas: string };
};

/** GET available-…/{id}: `available_…` (what the profile does not hold) and `perfil_…` (its records). */
export type GrantLists<P extends GrantParam, A, R> = { [K in `available_${P}`]: A[] } & { [K in `perfil_${P}`]: R[] };
/** A change's answer: the message and the records added or removed, under the kind's name. */
export type GrantResult<P extends GrantParam, R> = ({ ok: true; msg: string } & { [K in P]: R[] }) | Failure;
/** What to remove: keys of a profile, or record ids (the `id` of perfil_…). */
export type GrantRemoval<P extends GrantParam> = GrantChange<P> | { ids: number[] };

/** The input of a change of these keys of a profile (the screen's moves). */
export const cambioDe = <P extends GrantParam>(param: P, usPerfilId: number, keys: string[]) =>
  ({ usPerfilId, [param]: keys }) as GrantChange<P>;

/** The two lists of a profile (null when it does not exist), for the API and the transfer lists. */
export async function readGrants<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
  perfilId: number,
): Promise<{ available: A[]; records: R[] } | null> {
  if (!(await perfilPorId(perfilId))) return null;
  const db = await getDb();
  const records = await kind.records(db, eq(kind.table.usPerfilId, perfilId));
  return { available: await kind.available(db, records), records };
}

/** GET available-…/{id} in the API's names; null when the profile does not exist. */
export async function grantsDelPerfil<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
  perfilId: number,
): Promise<GrantLists<P, A, R> | null> {
  const l = await readGrants(kind, perfilId);
  return (
    l && ({ [`available_${kind.param}`]: l.available, [`perfil_${kind.param}`]: l.records } as GrantLists<P, A, R>)
  );
}

const answer = <P extends GrantParam, R>(param: P, msg: string, records: R[]) =>
  ({ ok: true as const, msg, [param]: records }) as GrantResult<P, R>;

function assertEditable(perfilId: number, param: GrantParam): void {
  if (perfilId === PERFIL_ADMINISTRADOR) throw new Abort(fail(409, PERFIL_ADMINISTRADOR_FIJO, param));
}

/**
 * ADR 046: nobody adds to or removes from their own profile (403 on the kind's param), nor a profile holding a grant
 * or seeing a responsable beyond their own (issue 35: two delegates cannot pool their grants, one cannot strip another
 * department's profile; 403 on usPerfilId).
 */
async function assertDentroDeSusPoderes(tx: Tx, actor: AuditActor, perfilId: number, param: GrantParam) {
  await assertNoEsSuPerfil(tx, actor, perfilId, param);
  await assertPerfilAlAlcance(tx, actor, perfilId, ESCALADA.MODIFICAR_PERFIL, "usPerfilId");
}

/** POST add-…/: grants the keys (those already held are left as they are; nothing added → no audit entry). */
export async function agregarGrants<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
  input: GrantChange<P>,
  actor: AuditActor,
): Promise<GrantResult<P, R>> {
  const intento = { accion: kind.accion.agregar, entidad: "perfil", entidadId: input.usPerfilId };
  const result = await conRechazoAuditado(actor, intento, () =>
    inTransaction(async (tx) => {
      const perfil = await perfilParaModificar(tx, input.usPerfilId, "usPerfilId");
      assertEditable(perfil.id, kind.param);
      const grants = await kind.resolve(tx, input[kind.param]);
      // Nobody changes their own profile's grants, nor a profile beyond their own, nor gives what they do not hold.
      await assertDentroDeSusPoderes(tx, actor, perfil.id, kind.param);
      await assertDentroDeLoSuyo(tx, actor, { [kind.param]: input[kind.param] }, ESCALADA.OTORGAR.grants, kind.param);
      const added = grants.length
        ? await tx
            .insert(kind.table)
            .values(grants.map((g) => kind.row(perfil.id, g)))
            .onConflictDoNothing()
            .returning({ id: kind.table.id })
        : [];
      const records = added.length
        ? await kind.records(
            tx,
            inArray(
              kind.table.id,
              added.map((a) => a.id),
            ),
          )
        : [];
      if (records.length) {
        await audit(tx, actor, {
          accion: kind.accion.agregar,
          entidad: "perfil",
          entidadId: perfil.id,
          detalle: { [kind.param]: records.map(kind.key) },
        });
      }
      return answer(kind.param, kind.msg.agregadas, records);
    }),
  );
  forgetSessions(); // after the commit: this process's next request sees the change
  return result;
}

/** The profile and the records' condition of a removal by record ids: all must exist (404), of one profile (422). */
async function porRegistros(tx: Tx, table: GrantTable, ids: number[]): Promise<{ perfilId: number; where: SQL }> {
  const valid = ids.filter(isDbId);
  const rows = await tx
    .select({ id: table.id, usPerfilId: table.usPerfilId })
    .from(table)
    .where(inArray(table.id, valid));
  if (rows.length !== ids.length) throw new Abort(fail(404, PERFIL_MSG.REGISTRO_NO_EXISTE, "ids"));
  if (new Set(rows.map((r) => r.usPerfilId)).size !== 1) {
    throw new Abort(fail(422, PERFIL_MSG.REGISTROS_DE_OTRO_PERFIL, "ids"));
  }
  return { perfilId: rows[0].usPerfilId, where: inArray(table.id, valid) };
}

/** DELETE remove-…/: takes the grants away (keys the profile does not hold are ignored). */
export async function quitarGrants<P extends GrantParam, A, R extends GrantRecord, G extends string | number>(
  kind: GrantKind<P, A, R, G>,
  input: GrantRemoval<P>,
  actor: AuditActor,
): Promise<GrantResult<P, R>> {
  const intento = {
    accion: kind.accion.quitar,
    entidad: "perfil",
    entidadId: "ids" in input ? undefined : input.usPerfilId,
  };
  const result = await conRechazoAuditado(actor, intento, () =>
    inTransaction(async (tx) => {
      await lockAdministradores(tx);
      const { perfilId, where } =
        "ids" in input
          ? await porRegistros(tx, kind.table, input.ids)
          : {
              perfilId: input.usPerfilId,
              where: and(
                eq(kind.table.usPerfilId, input.usPerfilId),
                inArray(kind.grantColumn, await kind.resolve(tx, input[kind.param])),
              ),
            };
      const perfil = await perfilParaModificar(tx, perfilId, "usPerfilId");
      assertEditable(perfil.id, kind.param);
      await assertDentroDeSusPoderes(tx, actor, perfil.id, kind.param);
      const records = await kind.records(tx, where);
      if (!records.length) return answer(kind.param, PERFIL_MSG.SIN_CAMBIOS, records);
      const keys = records.map(kind.key);
      await tx.delete(kind.table).where(
        inArray(
          kind.table.id,
          records.map((r) => r.id),
        ),
      );
      await assertQuedaAdministrador(tx, kind.param);
      await audit(tx, actor, {
        accion: kind.accion.quitar,
        entidad: "perfil",
        entidadId: perfil.id,
        detalle: { [kind.param]: keys },
      });
      return answer(kind.param, kind.msg.quitadas, records);
    }),
  );
  forgetSessions(); // after the commit: this process's next request sees the change
  return result;
}
