// npm run feed:export -- DIR — writes the current database as registry-feed files (docs/registry-feed.md): one
// full-load `<tabla>.csv` per feed table in DIR, one line per table with its rows and size. Reads DATABASE_URL, else
// the embedded database under DATA_DIR (which only one process may open: stop the app first).
import path from "node:path";
import { closeDb } from "~db/client.server";
import { exportFeed } from "~/modules/feed/export.server";
import { embeddedAppRunning } from "~server/app-pid";

const size = (bytes: number) =>
  bytes >= 1e6
    ? `${(bytes / 1e6).toLocaleString("es-AR", { maximumFractionDigits: 1 })} MB`
    : `${Math.ceil(bytes / 1e3)} kB`;

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  if (args.length !== 1) {
    console.error("uso: npm run feed:export -- DIRECTORIO");
    return 2;
  }
  if (!process.env.DATABASE_URL && embeddedAppRunning()) {
    console.error("La aplicación está en marcha con la base embebida: deténgala para exportar.");
    return 1;
  }
  const dir = path.resolve(args[0]);
  const started = performance.now();
  try {
    const files = await exportFeed(dir);
    for (const f of files)
      console.log(
        `  ${path.basename(f.file).padEnd(30)} ${f.rows.toLocaleString("es-AR").padStart(11)} filas  ${size(f.bytes).padStart(9)}`,
      );
    const rows = files.reduce((a, f) => a + f.rows, 0);
    const secs = (performance.now() - started) / 1000;
    console.log(
      `Exportadas ${files.length} tablas, ${rows.toLocaleString("es-AR")} filas, a ${dir} en ${secs.toFixed(1)} s.`,
    );
    return 0;
  } catch (e) {
    console.error(`La exportación falló: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exit(await main());
