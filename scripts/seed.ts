// npm run db:seed -- --scale demo|bench [--seed N] [--force] [--today YYYY-MM-DD]
// Migrates, refuses a non-empty database unless --force (then truncates the domain tables), seeds the
// reference data (screens, operations, profiles) and the synthetic domain data, and prints counts and rows/s.
import { parseArgs } from "node:util";
import { count } from "drizzle-orm";
import { closeDb, getDb, getDriver } from "~db/client.server.ts";
import { migrate } from "~db/migrate.ts";
import { afiliados } from "~db/schema/index.ts";
import { seedDomain, truncateDomain, type Scale } from "~db/seed/index.ts";
import { seedReference } from "~db/seed/reference.ts";
import { Writer } from "~db/seed/writer.ts";

function usage(msg: string): never {
  console.error(`${msg}\nuso: npm run db:seed -- --scale demo|bench [--seed N] [--force] [--today AAAA-MM-DD]`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    scale: { type: "string", default: "demo" },
    seed: { type: "string", default: "1" },
    force: { type: "boolean", default: false },
    today: { type: "string" },
  },
  strict: true,
});

const scale = values.scale as Scale;
if (scale !== "demo" && scale !== "bench") usage(`--scale inválido: ${values.scale}`);
const seed = Number(values.seed);
if (!Number.isInteger(seed) || seed < 0) usage(`--seed inválido: ${values.seed}`);
if (values.today && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) usage(`--today inválido: ${values.today}`);

const started = performance.now();
try {
  const driver = await getDriver();
  console.log(`Base de datos: ${driver.kind === "pg" ? "PostgreSQL (DATABASE_URL)" : `PGlite en ${driver.dataDir}`}`);
  if (scale === "bench" && driver.kind !== "pg") {
    console.warn(
      "Aviso: la escala bench está pensada para un PostgreSQL real (DATABASE_URL); en PGlite tardará mucho.",
    );
  }
  await migrate();
  const db = await getDb();
  const [{ n }] = await db.select({ n: count() }).from(afiliados);
  if (n > 0) {
    if (!values.force) {
      console.error(
        `La base ya tiene datos (${n} afiliados). Use --force para vaciar las tablas del dominio y volver a cargar.`,
      );
      process.exitCode = 1;
      throw new Error("not empty");
    }
    console.log("--force: vaciando las tablas del dominio…");
    await truncateDomain(new Writer(driver));
  }
  await seedReference(db, []);
  const counts = await seedDomain(db, driver, { scale, seed, today: values.today, log: (line) => console.log(line) });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const secs = (performance.now() - started) / 1000;
  console.log(
    `Listo: ${total.toLocaleString("es-AR")} filas en ${secs.toFixed(1)} s (${Math.round(total / secs).toLocaleString("es-AR")} filas/s incluida la migración).`,
  );
} catch (err) {
  if ((err as Error).message !== "not empty") {
    console.error(err);
    process.exitCode = 1;
  }
} finally {
  await closeDb();
}
