// The last-administrator guard rail, checked in the database inside the write's transaction (docs/decisions/034).
// Every write that can take administration away from someone (deactivating or moving a user, deactivating a profile,
// removing a screen or operation from a profile) calls `lockAdministradores(tx)` BEFORE it changes anything and
// `assertQuedaAdministrador(tx)` AFTER: the lock serialises those writes, so two administrators deactivating each
// other at the same moment cannot both succeed; the check sees the transaction's own change.
import { sql } from "drizzle-orm";
import type { Tx } from "~db/client.server";
import { Abort, fail } from "~db/transaction";
import { ADMIN_OPERATIONS, ADMIN_SCREENS, ULTIMO_ADMINISTRADOR } from "./administradores";

/** Advisory lock key of the administrators' set (any constant unique to this use). */
const ADMIN_LOCK = 14_034;

export async function lockAdministradores(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
}

/** Active users whose active profile holds every administration screen and operation. */
export async function countAdministradores(tx: Tx): Promise<number> {
  const screens = sql.join(
    ADMIN_SCREENS.map((s) => sql`${s}`),
    sql`, `,
  );
  const ops = sql.join(
    ADMIN_OPERATIONS.map((o) => sql`${o}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    select count(*)::int as n
    from us_usuarios u
    join us_perfiles p on p.id = u.us_perfil_id and p.activo
    where u.activo
      and (select count(*) from us_perfil_pantallas pp join us_pantallas s on s.id = pp.us_pantalla_id
           where pp.us_perfil_id = p.id and s.path in (${screens})) = ${ADMIN_SCREENS.length}
      and (select count(*) from us_perfil_operaciones po
           where po.us_perfil_id = p.id and po.us_operacion_id in (${ops})) = ${ADMIN_OPERATIONS.length}`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

/** Rolls the transaction back with 409 ULTIMO_ADMINISTRADOR when no administrator would be left. */
export async function assertQuedaAdministrador(tx: Tx, param?: string): Promise<void> {
  if ((await countAdministradores(tx)) === 0) throw new Abort(fail(409, ULTIMO_ADMINISTRADOR, param));
}
