// One look for lists (issue 28, docs/decisions/056-one-look-for-lists.md), the checks shared by the JavaScript and the
// no-JavaScript specs: every row action of every list is an icon of the one map (the same icon, its name as the
// tooltip and the start of its accessible name), and every list's headers have the one style.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";

/** The map of ADR 056: action → its name. */
export const ACTION_NAMES: Record<string, string> = {
  ver: "Ver",
  modificar: "Modificar",
  eliminar: "Eliminar",
  quitar: "Quitar",
  resetear: "Resetear contraseña",
  operaciones: "Operaciones",
  pantallas: "Pantallas",
  convenio: "Ver convenio",
  cambioMedicamento: "Cambio de Medicamento",
  reingreso: "Reingreso",
  migrar: "Migrar",
};

/** The lists with row actions (as the administrator sees them), with the actions each must show at least. */
export const LISTS: { path: string; table: string | RegExp; actions: string[]; grid?: boolean }[] = [
  { path: "/users", table: "Usuarios", actions: ["modificar", "resetear"] },
  { path: "/perfiles", table: "Perfiles", actions: ["modificar", "operaciones", "pantallas"] },
  { path: "/listado-capa", table: /^Registros CAPA del/, actions: ["modificar"] },
  { path: "/buscar-ficha?organoId=-1&estado_ficha=INGRESO", table: "Listado de Fichas", actions: ["ver", "modificar"] },
  { path: "/listado-afiliados", table: "Listado de afiliados", actions: ["ver"] },
  { path: "/consultar-padron-onco?cod_padron=53", table: "Afiliados enrolados", actions: ["ver"], grid: true },
  { path: "/listado-mae", table: "Listado MAE", actions: ["ver"] },
];

type Icon = { action: string | null; name: string; title: string | null; svg: string };
type HeaderStyle = { transform: string; size: string; weight: string; spacing: string };

/**
 * The row actions and the header styles of one list; every link in a row but the row's own is an action icon. A list
 * on the one DataGrid (ADR 059) is read in AG Grid with JavaScript (its rows and header texts), in its table without.
 */
async function readList(page: Page, table: string | RegExp, grid: boolean) {
  const t = grid
    ? page.getByRole("region", { name: table }).locator("[role=grid], [role=treegrid]")
    : page.getByRole("table", { name: table });
  const body = grid ? "[role=row]:has([role=gridcell])" : "tbody";
  await expect(t.locator(grid ? "[role=gridcell]" : "tbody tr").first()).toBeVisible();
  const others = t.locator(`${body} a:not(.ui-row-link):not(.ui-action-icon)`);
  await expect(others, "every row link is an action icon").toHaveCount(0);
  const icons: Icon[] = await t.locator(`${body} .ui-action-icon`).evaluateAll((els) =>
    els.map((el) => ({
      action: el.getAttribute("data-action"),
      name: el.getAttribute("aria-label") ?? "",
      title: el.getAttribute("title"),
      svg: el.querySelector("svg")?.outerHTML ?? "",
    })),
  );
  const headers: HeaderStyle[] = await t.locator(grid ? ".ag-header-cell-text" : "thead th").evaluateAll((ths) =>
    ths.map((th) => {
      const s = getComputedStyle(th);
      return { transform: s.textTransform, size: s.fontSize, weight: s.fontWeight, spacing: s.letterSpacing };
    }),
  );
  return { icons, headers };
}

/**
 * Walks LISTS: each icon's action is in the map, its tooltip is the map's name and its accessible name begins with it;
 * an action has the same icon on every list; every header of every list has the same case and style. With `axe`,
 * each list is checked at 1366 and 390 px (axe runs in the page's JavaScript).
 */
export async function checkListsLook(page: Page, { axe }: { axe: boolean }): Promise<void> {
  const svgOf = new Map<string, string>();
  const headerStyles = new Set<string>();
  for (const list of LISTS) {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(list.path);
    // `axe` is the run with JavaScript (axe needs it): a DataGrid list is then AG Grid
    const { icons, headers } = await readList(page, list.table, Boolean(list.grid) && axe);
    const seen = new Set(icons.map((i) => i.action));
    for (const a of list.actions) expect(seen.has(a), `${list.path} shows '${a}'`).toBe(true);
    for (const icon of icons) {
      const label = ACTION_NAMES[icon.action ?? ""];
      expect(label, `${list.path}: '${icon.action}' is in the map`).toBeDefined();
      expect(icon.title, `${list.path}: tooltip of ${icon.name}`).toBe(label);
      expect(icon.name.startsWith(`${label} `), `${list.path}: '${icon.name}' begins with '${label}'`).toBe(true);
      const svg = svgOf.get(label) ?? icon.svg;
      expect(icon.svg, `${list.path}: the icon of '${label}'`).toBe(svg);
      svgOf.set(label, svg);
    }
    for (const h of headers) headerStyles.add(JSON.stringify(h));
    expect(headers[0]?.transform, `${list.path}: headers in capitals`).toBe("uppercase");
    if (axe) {
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 800 });
      await expectNoSeriousA11yViolations(page);
    }
  }
  expect([...headerStyles], "one header style on every list").toHaveLength(1);
}
