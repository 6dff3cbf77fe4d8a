// Start-up work before serving: migrate, reference data, first users, demo data on an empty demo database.
import { count } from "drizzle-orm";
import { getDb, getDriver } from "~db/client.server";
import { migrate } from "~db/migrate";
import { DEMO_USERS } from "~db/reference";
import { afiliados, usUsuarios } from "~db/schema";
import { seedReference, type ReferenceUser } from "~db/seed/reference";
import { hashPassword } from "~/auth/password.server";
import { checkConfig, demoMode } from "~/lib/config.server";

/** The first users to create; `existing` (lower-case names) are skipped, so no password is hashed for nothing. */
export async function firstUsers(demo: boolean, existing: ReadonlySet<string> = new Set()): Promise<ReferenceUser[]> {
  if (demo) {
    const missing = DEMO_USERS.filter((u) => !existing.has(u.usuario.toLowerCase()));
    return Promise.all(
      missing.map(async (u) => ({
        apeynom: u.apeynom,
        usuario: u.usuario,
        perfil: u.perfil,
        passwordHash: await hashPassword(u.password),
      })),
    );
  }
  const password = process.env.ADMIN_PASSWORD;
  if (!password || password.length < 12) {
    throw new Error(
      "Fuera del modo demo, ADMIN_PASSWORD (12 caracteres o más) debe definir la contraseña inicial de 'admin'.",
    );
  }
  return [
    { apeynom: "ADMINISTRADOR DEL SISTEMA", usuario: "admin", perfil: 1, passwordHash: await hashPassword(password) },
  ];
}

export async function bootstrap(log: (s: string) => void = console.log): Promise<void> {
  const t0 = Date.now();
  checkConfig(); // a bad setting (e.g. PUBLIC_LOOKUP_MAX=abc) stops the start here, with a message naming it
  const demo = demoMode();
  const driver = await getDriver();
  log(
    `Base de datos: ${driver.kind === "pg" ? "PostgreSQL (DATABASE_URL)" : `PGlite embebida en ${driver.dataDir}`}${demo ? " — modo demo" : ""}`,
  );
  await migrate();
  const db = await getDb();
  const existing = new Set(
    (await db.select({ usuario: usUsuarios.usuario }).from(usUsuarios)).map((u) => u.usuario.toLowerCase()),
  );
  const { usersCreated } = await seedReference(db, existing.size === 0 || demo ? await firstUsers(demo, existing) : []);
  if (usersCreated.length) log(`Usuarios creados: ${usersCreated.join(", ")}`);
  if (demo) {
    const [{ n }] = await db.select({ n: count() }).from(afiliados);
    if (n === 0) {
      log("Base vacía: cargando datos de demostración…");
      const { seedDomain } = await import("~db/seed/index");
      const counts = await seedDomain(db, driver, { scale: "demo", seed: 1, log });
      log(
        `Datos de demostración: ${Object.entries(counts)
          .map(([k, v]) => `${k}=${v}`)
          .join(" ")}`,
      );
    }
  }
  log(`Base lista en ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
