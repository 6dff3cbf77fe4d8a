// The screens' remaining rough edges (issue 39 item 11), the checks shared by the JavaScript and the no-JavaScript
// specs: what the Reg_ link downloads, the booklets' bullets before their items, the drawer's marker on the label's
// baseline, Perfiles as wide as Usuarios, Listado CAPA's names on one or two lines at 1366 px; axe at 0 on each.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { adminToken, whenSnapshotReady } from "./support";

export const WIDTHS = [1366, 390] as const;

/** axe at both widths on the page as it is. */
export async function axeAtBothWidths(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSeriousA11yViolations(page);
  }
}

/** Generates the Activos roster (the button), then the Reg_ link says its file's full name and what it holds. */
export async function checkRegLink(page: Page): Promise<void> {
  await whenSnapshotReady(page.request, "/api/padron_farmacia/beneficiarios-activos");
  await page.goto("/padron_farmacia");
  await page.getByRole("button", { name: "Activos", exact: true }).click();
  const ok = page.getByRole("status").filter({ hasText: "Padron generado con exito" });
  await expect(ok).toBeVisible({ timeout: 60_000 });
  const [, archivo] = /\((4082C\d{12}\.txt)\)/.exec((await ok.textContent()) ?? "") ?? [];
  expect(archivo).toBeTruthy();
  const reg = ok.getByRole("link", { name: `Descargar Reg_${archivo} (cantidad de registros)`, exact: true });
  await expect(reg).toHaveText(`Descargar Reg_${archivo} (cantidad de registros)`);
  // the table of generated files says the same
  const row = page.getByRole("table", { name: "Archivos generados" }).getByRole("row").filter({ hasText: archivo });
  await expect(row.getByRole("link", { name: /^Descargar Reg_/ })).toHaveText(
    `Descargar Reg_${archivo} (cantidad de registros)`,
  );
  await axeAtBothWidths(page);
}

/** Each booklet's bullet is inside its own item, before its link (not after the previous item). */
export async function checkBookletBullets(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/consulta-coberturas-esp");
    const items = page.getByRole("navigation", { name: "Cartillas de coberturas especiales" }).getByRole("listitem");
    await expect(items).toHaveCount(9);
    const boxes = await items.evaluateAll((lis) =>
      lis.map((li) => {
        const a = li.querySelector("a")!.getBoundingClientRect();
        const b = li.getBoundingClientRect();
        return { li: b.left, link: a.left, marker: getComputedStyle(li).listStylePosition };
      }),
    );
    for (const b of boxes) {
      // an inside marker takes room in its item, before the text; an outside one hangs left of the item's box
      expect(b.marker, `width ${width}`).toBe("inside");
      expect(b.link - b.li, `width ${width}: the bullet before its link`).toBeGreaterThan(4);
    }
    await expectNoSeriousA11yViolations(page);
  }
}

/** The drawer groups' marker: its bottom on the label's baseline, open and closed. */
export async function checkDrawerMarker(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/home");
  const summaries = page.getByRole("navigation", { name: "Menú principal" }).locator("summary");
  await expect(summaries.first()).toBeVisible();
  const offsets = await summaries.evaluateAll((els) =>
    els.map((s) => {
      const caret = s.querySelector<HTMLElement>(".drawer-caret");
      if (!caret) return { label: s.textContent, gap: Number.NaN };
      // a probe on the baseline: an empty inline-block's bottom edge is the line's baseline
      const probe = document.createElement("span");
      probe.style.cssText = "display:inline-block;width:0;height:0;vertical-align:baseline";
      s.appendChild(probe);
      const baseline = probe.getBoundingClientRect().bottom;
      probe.remove();
      const box = caret.getBoundingClientRect();
      return { label: s.textContent, gap: Math.abs(box.bottom - baseline), height: box.height };
    }),
  );
  for (const o of offsets) expect(o.gap, `${o.label}: the marker on the baseline`).toBeLessThanOrEqual(0.5);
}

/** Perfiles' table takes the width of the content area, as Usuarios' does. */
export async function checkPerfilesWidth(page: Page, { axe }: { axe: boolean }): Promise<void> {
  const widthOf = async (path: string, table: string) => {
    await page.goto(path);
    const t = page.getByRole("table", { name: table });
    await expect(t).toBeVisible();
    const screen = (await page.locator("section.screen").first().boundingBox())!;
    const main = (await page.locator("main").boundingBox())!;
    return { screen: screen.width, main: main.width, table: (await t.boundingBox())!.width };
  };
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const usuarios = await widthOf("/users", "Usuarios");
    const perfiles = await widthOf("/perfiles", "Perfiles");
    expect(Math.abs(perfiles.screen - usuarios.screen), `width ${width}: the screens`).toBeLessThanOrEqual(1);
    expect(perfiles.table, `width ${width}: Perfiles' table`).toBeGreaterThanOrEqual(perfiles.screen - 40);
    if (axe) await expectNoSeriousA11yViolations(page);
  }
}

/** At 1366 px every name of Listado CAPA takes one or two lines. */
export async function checkCapaNames(page: Page, { axe }: { axe: boolean }): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/listado-capa?fecha_desde=2020-01-01&fecha_hasta=2030-12-31");
  const table = page.getByRole("table", { name: /^Registros CAPA del/ });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const column = await table
    .locator("thead th")
    .evaluateAll((ths) => ths.findIndex((th) => /apellido y nombre/i.test(th.textContent ?? "")));
  const lines = await table.locator(`tbody tr td:nth-child(${column + 1})`).evaluateAll((tds) =>
    tds.map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { name: td.textContent, lines: tops.size };
    }),
  );
  expect(lines.length).toBeGreaterThan(5);
  // and every column in view: the table does not scroll sideways at 1366 px
  const scroll = await table.evaluate((t) => {
    const region = t.closest<HTMLElement>(".ui-table-wrap, [role=region]") ?? t.parentElement!;
    return { scroll: region.scrollWidth, client: region.clientWidth };
  });
  expect(scroll.scroll, "no sideways scroll at 1366 px").toBeLessThanOrEqual(scroll.client + 1);
  for (const l of lines) expect(l.lines, `${l.name}`).toBeLessThanOrEqual(2);
  if (axe) await axeAtBothWidths(page);
}

/** The lists whose rows can be inactive, where to see some, and the column that says INACTIVO. */
const INACTIVE_LISTS: { path: string; rows: string }[] = [
  { path: "/padron_voluntarios?estado=INACTIVO", rows: "Afiliados voluntarios" },
  { path: "/consultar-padron-onco?cod_padron=53&ver_solo_afi_inactivo=true", rows: "Afiliados enrolados" },
  { path: "/listado-afiliados?ver_solo_afi_inactivo=true", rows: "Listado de afiliados" },
  { path: "/perfiles?q=E2E%20INACTIVO", rows: "Perfiles" },
];

/** An inactive profile to list (Perfiles' seed has none). */
export async function inactiveProfile(page: Page): Promise<void> {
  const token = await adminToken(page.request);
  const res = await page.request.post("/api/perfiles", {
    headers: { "x-auth-token": token },
    data: { descripcion: `E2E INACTIVO ${Date.now()}`, activo: false },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * One look for inactive rows (ADR 078): in each list every row whose Estado says INACTIVO has the one class and the
 * one colour, the same on every list, and an ACTIVO row of Padrón Voluntarios has neither. `grid`: with JavaScript
 * the reporting lists are AG Grid (rows are [role=row]).
 */
export async function checkInactiveRows(page: Page, { axe }: { axe: boolean }): Promise<void> {
  const colours = new Set<string>();
  for (const list of INACTIVE_LISTS) {
    await page.setViewportSize({ width: 1366, height: 800 });
    let marks: { inactivo: boolean; colour: string }[] = [];
    await expect(async () => {
      await page.goto(list.path);
      await expect(
        page
          .locator("td, [role=gridcell]")
          .filter({ hasText: /^\s*INACTIVO\s*$/ })
          .first(),
      ).toBeVisible({
        timeout: 3000,
      });
      // One evaluation finds the rows and reads them: between two, the grid may replace the server's table (with
      // JavaScript), and a detached row has no computed colour.
      marks = await page.evaluate(() =>
        [...document.querySelectorAll("tr, [role=row]")]
          .filter((r) =>
            [...r.querySelectorAll("td, [role=gridcell]")].some((c) => c.textContent?.trim() === "INACTIVO"),
          )
          .map((r) => {
            const cell = r.querySelector("td, [role=gridcell]")!;
            return { inactivo: r.classList.contains("ui-row--inactivo"), colour: getComputedStyle(cell).color };
          }),
      );
      expect(marks.length, `${list.path}: inactive rows`).toBeGreaterThan(0);
    }).toPass({ timeout: 120_000, intervals: [2000] });
    for (const m of marks) {
      expect(m.inactivo, `${list.path}: the one class`).toBe(true);
      colours.add(m.colour);
    }
    if (axe) await axeAtBothWidths(page);
  }
  expect([...colours], "one colour on every list").toEqual(["rgb(183, 28, 28)"]);
}
