// allowed_screen and allowed_operation come from the user's profile. The two lists are SQL expressions of a profile
// id, so the session lookup reads them in the same query as the session and the user (one round trip per request,
// no cache: a grant change reaches the profile's users on their next request).
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, Tx } from "~db/client.server";
import type { Permissions } from "./rules";

/** The paths of the screens the profile `perfilId` holds, in path order (a text[]; empty when none). */
export function screensOf(perfilId: SQLWrapper): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(s.path order by s.path)
    from us_perfil_pantallas pp join us_pantallas s on s.id = pp.us_pantalla_id
    where pp.us_perfil_id = ${perfilId}), '{}'::text[])`;
}

/** The operation codes the profile `perfilId` holds, in numeric order (a text[]; empty when none). */
export function operationsOf(perfilId: SQLWrapper): SQL<string[]> {
  return sql<
    string[]
  >`coalesce((select array_agg(po.us_operacion_id order by length(po.us_operacion_id), po.us_operacion_id)
    from us_perfil_operaciones po where po.us_perfil_id = ${perfilId}), '{}'::text[])`;
}

/** What profile `perfilId` grants (empty lists when it does not exist), on the database or inside a transaction. */
export async function profilePermissions(db: Db | Tx, perfilId: number): Promise<Permissions> {
  const id = sql`${perfilId}::int`;
  const result = await db.execute(sql`select ${screensOf(id)} as screens, ${operationsOf(id)} as operations`);
  const [row] = (result as unknown as { rows: { screens: string[]; operations: string[] }[] }).rows;
  return { allowed_screen: row.screens, allowed_operation: row.operations };
}
