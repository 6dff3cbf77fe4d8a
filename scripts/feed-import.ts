// npm run feed:import -- [--forzar] DIR|ARCHIVO… — imports registry-feed files (docs/registry-feed.md): a directory
// means its `*.csv` but the `*.rechazos.csv` reports; the files apply in the feed's dependency order. One line per file
// with its outcome; the refusal report is written beside each file. Exits 1 when a file was refused or failed. Reads
// DATABASE_URL, else the embedded database under DATA_DIR (which only one process may open: stop the app first, or
// leave the files in FEED_DIR for the app's nightly job). FEED_MAX_REFUSED sets the refusal threshold (percent,
// default 1). A file identical to its table's last applied import, with nothing written to the table since, is
// recorded SIN_CAMBIOS without being read again; --forzar processes every file in full.
import { closeDb } from "~db/client.server";
import { migrate } from "~db/migrate";
import { FeedBusyError, FeedPathError, importFeed, type FeedFileResult } from "~/modules/feed/import.server";
import { embeddedAppRunning } from "~server/app-pid";

const n = (x: number) => x.toLocaleString("es-AR");

function line(r: FeedFileResult): string {
  const secs = (r.duracionMs / 1000).toLocaleString("es-AR", { maximumFractionDigits: 1 });
  const report = r.informeArchivo ? ` Informe: ${r.informeArchivo}` : "";
  return `${r.archivo}: ${r.estado} — ${r.mensaje} (${secs} s).${report}`;
}

async function main(): Promise<number> {
  const given = process.argv.slice(2).filter((a) => a !== "--");
  const force = given.includes("--forzar");
  const args = given.filter((a) => a !== "--forzar");
  if (!args.length || args.some((a) => a.startsWith("-"))) {
    console.error("uso: npm run feed:import -- [--forzar] DIRECTORIO|ARCHIVO…");
    return 2;
  }
  if (!process.env.DATABASE_URL && embeddedAppRunning()) {
    console.error(
      "La aplicación está en marcha con la base embebida: deténgala para importar, o deje los archivos en FEED_DIR " +
        "para la tarea nocturna de la aplicación (FEED_CRON); el resultado se ve en la pantalla Importaciones.",
    );
    return 1;
  }
  const started = performance.now();
  try {
    await migrate();
    const results = await importFeed(args, { origen: "línea de comandos", refresh: "queue", force });
    if (!results.length) {
      console.error("No hay archivos para importar (se esperan archivos .csv del padrón).");
      return 1;
    }
    for (const r of results) console.log(line(r));
    const bad = results.filter((r) => r.estado === "RECHAZADO" || r.estado === "ERROR").length;
    const secs = (performance.now() - started) / 1000;
    const sum = (k: "insertadas" | "actualizadas" | "finalizadas" | "rechazadas") =>
      n(results.reduce((a, r) => a + r[k], 0));
    console.log(
      `${n(results.length)} archivos en ${secs.toFixed(1)} s: ${sum("insertadas")} filas insertadas, ` +
        `${sum("actualizadas")} actualizadas, ${sum("finalizadas")} finalizadas, ${sum("rechazadas")} rechazadas` +
        (bad ? `; ${n(bad)} archivos no se aplicaron.` : "."),
    );
    return bad ? 1 : 0;
  } catch (e) {
    if (e instanceof FeedPathError || e instanceof FeedBusyError) console.error(e.message);
    else console.error(`La importación falló: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await closeDb();
  }
}

process.exit(await main());
