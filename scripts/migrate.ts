// npm run db:migrate: applies the committed migrations to the database of DATABASE_URL (or the embedded one).
import { closeDb, getDriver } from "~db/client.server";
import { migrate } from "~db/migrate";

const started = Date.now();
const driver = await getDriver();
await migrate();
console.log(`Migraciones aplicadas (${driver.kind}) en ${((Date.now() - started) / 1000).toFixed(1)} s`);
await closeDb();
