// The 'Importaciones' specs' shared part: the e2e server runs the nightly import of the registry feed every 2 seconds
// over FEED_DIR (scripts/e2e-server.mjs), so a spec drops a feed file there, as the insurer's systems do, and the
// server's own job imports it into the e2e database. The files are refused by the threshold (half their rows are
// bad): nothing of them applies, the demo data the other specs read stays as it is, and each has a refusal report.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/** FEED_DIR of the e2e server (the same rule as scripts/e2e-server.mjs). */
export function feedDir(): string {
  return path.join(os.tmpdir(), `osep-e2e-feed-${process.env.E2E_PORT ?? "3210"}`);
}

/**
 * Drops `name` holding `text` into FEED_DIR whole (written under a hidden name, then renamed: the job never sees half
 * a file). Returns when the job has taken it (moved it to procesados/).
 */
export async function dropFeedFile(name: string, text: string): Promise<void> {
  const dir = feedDir();
  expect(fs.existsSync(dir), `FEED_DIR of the e2e server (${dir})`).toBe(true);
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, path.join(dir, name));
  await expect
    .poll(() => fs.existsSync(path.join(dir, name)), { message: `the nightly job takes ${name}`, timeout: 60_000 })
    .toBe(false);
}

/** A delta of the coverages whose second row is no number: refused (50 % > 1 %), with a report. */
export const COBERTURAS_FILE = {
  name: "coberturas.delta.csv",
  text: "gravcodgra;gravdesgra\n10;PLAN E2E\nxx;PLAN MALO\n",
};
/** A delta of the reasons for leaving, likewise. */
export const MOTIVOS_FILE = {
  name: "motivos_baja.delta.csv",
  text: "bambacodig;bambadescr\n1;MOTIVO E2E\nzz;MOTIVO MALO\n",
};

/** The table of imported files. */
export const importaciones = (page: Page) => page.getByRole("table", { name: "Archivos importados" });

/** The newest row of the file `archivo` (the list is newest first). */
export const newestRow = (page: Page, archivo: string) =>
  importaciones(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: archivo, exact: true }) })
    .first();

/** What a refusal report must hold: the BOM, the header, the threshold's line 0 and the bad value. */
export function expectReport(bytes: Buffer, bad: { columna: string; valor: string }): void {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split(/\r?\n/);
  expect(lines[0]).toBe("linea;columna;valor;motivo");
  expect(lines.some((l) => l.startsWith("0;"))).toBe(true);
  expect(lines.some((l) => l.startsWith(`3;${bad.columna};${bad.valor};`))).toBe(true);
}
