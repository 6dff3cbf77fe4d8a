// The product's pharmacy roster generation in a child process of `npm run bench:rosters`: generates one roster
// (default Activos: the file and its Reg_) from the snapshot in REPORTING_DIR into the directory given, and prints
// { archivo, reg, registros, ms } as JSON. Usage: tsx scripts/bench/rosters/child-padron-farmacia.ts <dir> [roster]
// The generation runs with the product's settings: its own "batch" DuckDB instance (reporting/config.ts
// batchDuckdbOptions: 64 MB, one thread unless the environment says otherwise).
import { generateRoster } from "~reporting/rosters/generate";
import { isRosterKind } from "~reporting/rosters/rules";
import { closeAllReaders } from "~reporting/store";

async function main(): Promise<void> {
  const [dir, kind = "activos"] = process.argv.slice(2);
  if (!dir || !isRosterKind(kind)) throw new Error("uso: child-padron-farmacia.ts <directorio> [padron]");
  const t0 = performance.now();
  const r = await generateRoster(kind, { dir });
  console.log(JSON.stringify({ ...r, ms: Math.round(performance.now() - t0) }));
  closeAllReaders();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
