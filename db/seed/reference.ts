// Reference rows every installation needs: screens, operations, base profiles and their grants, first users.
// Idempotent: runs at every start. Profile 1 (ADMINISTRADOR) is kept holding every grantable screen (the gated ones
// and the drawer entries of other classes, docs/decisions/029) and every operation.
import { sql } from "drizzle-orm";
import type { Db } from "~db/client.server";
import {
  usOperaciones,
  usPantallas,
  usPerfilOperaciones,
  usPerfilPantallas,
  usPerfiles,
  usUsuarios,
} from "~db/schema/auth";
import {
  GATED_SCREENS,
  GRANTABLE_SCREENS,
  LOGIN_ONLY_SCREENS,
  OPERATIONS,
  PROFILES,
  PUBLIC_SCREENS,
} from "~db/reference";

export type ReferenceUser = { apeynom: string; usuario: string; passwordHash: string; perfil: number };

export async function seedReference(db: Db, users: ReferenceUser[]): Promise<{ usersCreated: string[] }> {
  return db.transaction(async (tx) => {
    const screens = [...PUBLIC_SCREENS, ...LOGIN_ONLY_SCREENS, ...GATED_SCREENS];
    await tx
      .insert(usPantallas)
      .values(screens)
      .onConflictDoUpdate({ target: usPantallas.path, set: { titulo: sql`excluded.titulo` } });
    const screenRows = await tx.select().from(usPantallas);
    const screenId = new Map(screenRows.map((s) => [s.path, s.id]));

    await tx
      .insert(usOperaciones)
      .values(
        OPERATIONS.map((o) => ({ id: o.id, operacion: o.operacion, usPantallaId: screenId.get(o.screen) ?? null })),
      )
      .onConflictDoUpdate({
        target: usOperaciones.id,
        set: { operacion: sql`excluded.operacion`, usPantallaId: sql`excluded.us_pantalla_id` },
      });

    const existing = new Set((await tx.select({ id: usPerfiles.id }).from(usPerfiles)).map((p) => p.id));
    for (const p of PROFILES) {
      const isNew = !existing.has(p.id);
      if (isNew) await tx.insert(usPerfiles).values({ id: p.id, descripcion: p.descripcion, activo: true });
      if (!isNew && p.screens !== "all") continue; // grants of other profiles are the administrators' from then on
      const paths = p.screens === "all" ? GRANTABLE_SCREENS : p.screens;
      const ops = p.operations === "all" ? OPERATIONS.map((o) => o.id) : p.operations;
      const ids = paths.map((path) => screenId.get(path)!).filter(Boolean);
      if (ids.length)
        await tx
          .insert(usPerfilPantallas)
          .values(ids.map((id) => ({ usPerfilId: p.id, usPantallaId: id })))
          .onConflictDoNothing();
      if (ops.length)
        await tx
          .insert(usPerfilOperaciones)
          .values(ops.map((id) => ({ usPerfilId: p.id, usOperacionId: id })))
          .onConflictDoNothing();
    }
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('us_perfiles', 'id'), (select max(id) from us_perfiles))`,
    );

    const usersCreated: string[] = [];
    for (const u of users) {
      const [found] = await tx
        .select({ id: usUsuarios.id })
        .from(usUsuarios)
        .where(sql`lower(${usUsuarios.usuario}) = ${u.usuario.toLowerCase()}`);
      if (found) continue;
      await tx
        .insert(usUsuarios)
        .values({ apeynom: u.apeynom, usuario: u.usuario, passwordHash: u.passwordHash, usPerfilId: u.perfil });
      usersCreated.push(u.usuario);
    }
    return { usersCreated };
  });
}
