// allowed_screen and allowed_operation come from the user's profile.
import { asc, eq } from "drizzle-orm";
import type { Db } from "~db/client.server";
import { usPantallas, usPerfilOperaciones, usPerfilPantallas } from "~db/schema/auth";
import type { Permissions } from "./rules";

export async function profilePermissions(db: Db, perfilId: number): Promise<Permissions> {
  const [screens, operations] = await Promise.all([
    db
      .select({ path: usPantallas.path })
      .from(usPerfilPantallas)
      .innerJoin(usPantallas, eq(usPantallas.id, usPerfilPantallas.usPantallaId))
      .where(eq(usPerfilPantallas.usPerfilId, perfilId))
      .orderBy(asc(usPantallas.path)),
    db
      .select({ id: usPerfilOperaciones.usOperacionId })
      .from(usPerfilOperaciones)
      .where(eq(usPerfilOperaciones.usPerfilId, perfilId)),
  ]);
  return {
    allowed_screen: screens.map((s) => s.path),
    allowed_operation: operations.map((o) => o.id).sort((a, b) => Number(a) - Number(b)),
  };
}
