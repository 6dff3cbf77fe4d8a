// The one DataGrid (ADR 059) as a test reads it, with or without JavaScript: a region named by its caption holding
// AG Grid (rows of gridcells) or the server table (rows of td). Rows in the order shown (AG Grid keeps its DOM in
// order: ensureDomOrder).
import type { Locator, Page } from "@playwright/test";

/** The grid's region (AG Grid's, or the server table's scroll region). */
export const gridOf = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The grid's data rows (no header), pinned rows first. */
export const gridRows = (page: Page, name: string) =>
  gridOf(page, name)
    .getByRole("row")
    .filter({ has: page.locator("td, [role=gridcell]") });

/** A row's cells. */
export const cellsOf = (row: Locator) => row.locator("td, [role=gridcell]");

/** The text of one column (0-based) of every data row, in order. */
export async function columnTexts(page: Page, name: string, index: number): Promise<string[]> {
  const rows = await gridRows(page, name).all();
  const out: string[] = [];
  for (const row of rows) out.push(((await cellsOf(row).nth(index).textContent()) ?? "").trim());
  return out;
}

/** A header's label without the sort link's arrow and its spoken hint (', ordenar en forma ascendente'). */
export const headerLabel = (text: string) => text.replace(/[▲▼↕]?\s*, ordenar en forma \S+$/u, "").trim();
