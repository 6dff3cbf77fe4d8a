// The liquidation responsables (seeded, about 90 entities with CUIT) a user may choose, from Postgres.
import { asc } from "drizzle-orm";
import { getDb } from "~db/client.server";
import { responsables } from "~db/schema/prestadores";
import { visibleResponsables, type UsuarioResponsable } from "./rules";

export type ResponsableOption = { cuit: string; nombre: string };

async function listResponsables(): Promise<ResponsableOption[]> {
  const db = await getDb();
  return db
    .select({ cuit: responsables.cuit, nombre: responsables.nombre })
    .from(responsables)
    .orderBy(asc(responsables.nombre), asc(responsables.id));
}

/** The Responsable select's options for this user (all, or only the user's own entity). */
export async function responsablesOf(user: UsuarioResponsable): Promise<ResponsableOption[]> {
  return visibleResponsables(user, await listResponsables());
}
