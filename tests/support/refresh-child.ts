// Test helper process: starts a refresh into REPORTING_DIR and stops dead at the copy of `autorizaciones`,
// printing PAUSA, so a test can kill -9 it half way. Source: DATABASE_URL if set, else a fresh in-memory PGlite.
import { migrate } from "~db/migrate";
import { refreshSnapshot } from "~reporting/index";

if (!process.env.DATABASE_URL) {
  process.env.PGLITE_MEMORY = "1";
  await migrate();
}
await refreshSnapshot({
  onStep: async (step) => {
    if (step === "Copiando autorizaciones") {
      console.log("PAUSA");
      await new Promise(() => undefined);
    }
  },
});
