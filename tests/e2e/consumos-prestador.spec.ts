// 'OSEP / Consulta de Consumos de Prestadores' (/consumos-por-prestador, docs/decisions/014): the admin finds a
// provider by name, picks it, searches a recent period, sees the practices (matching the API) and drills down;
// the ranking of a period; 'Todos los campos son obligatorios'; the filters come back from localStorage after a
// reload; without JavaScript the tabs are links and the search still works. Needs a reporting snapshot (the e2e
// server builds one at start-up).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test, type SignIn } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, adminToken, expectPath, waitForHydration } from "./support";
import { gridRows } from "./grid-support";

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);
const SCREEN = "/consumos-por-prestador";

type Ranking = { posicion: number; codigo: string; nommedefector: string; cant_practicas: number };
type Consumo = {
  practica: string;
  subitem: string;
  descpractica: string;
  cant_practica: number;
  cant_autorizaciones: number;
};

async function topEfector(request: APIRequestContext, desde: string, hasta: string) {
  const token = await adminToken(request);
  const headers = { "x-auth-token": token };
  const r = await request.get(
    `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${desde}&fecha_hasta=${hasta}`,
    { headers },
  );
  expect(r.status(), await r.text()).toBe(200);
  const ranking = ((await r.json()) as { resultado: Ranking[] }).resultado;
  expect(ranking.length).toBeGreaterThan(0);
  // A professional (name 'APELLIDO NOMBRE'), not an institution: its first word is a surname.
  const top =
    ranking.find(
      (x) =>
        !/\b(ASOCIACI|CL[IÍ]NICA|SANATORIO|HOSPITAL|CENTRO|COLEGIO|C[IÍ]RCULO|INSTITUTO|LABORATORIO|FUNDACI)/i.test(
          x.nommedefector,
        ),
    ) ?? ranking[0];
  const c = await request.get(
    `/api/statistics/consumos/consumos-por-efector?codigo_efector=${top.codigo}&fecha_desde=${desde}&fecha_hasta=${hasta}`,
    { headers },
  );
  expect(c.status()).toBe(200);
  return { ranking, top, consumos: ((await c.json()) as { resultado: Consumo[] }).resultado };
}

async function openScreen(page: Page, signIn: SignIn) {
  await signIn(page, ADMIN);
  await page.goto(SCREEN);
  await page.evaluate(() => {
    for (const k of Object.keys(window.localStorage))
      if (k.startsWith("osep.consumos-por-prestador")) window.localStorage.removeItem(k);
  });
  await page.goto(SCREEN);
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("OSEP / Consulta de Consumos de Prestadores");
  await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await waitForHydration(page, "form button[type=submit]");
}

test("admin finds a provider by name, searches a period, sees its practices and drills down; filters survive a reload", async ({
  page,
  request,
  signIn,
}) => {
  const desde = daysAgo(60);
  const hasta = todayAR();
  const { top, consumos } = await topEfector(request, desde, hasta);
  expect(consumos.length).toBeGreaterThan(0);
  const [apellido, nombre] = top.nommedefector.split(" ");

  await openScreen(page, signIn);
  await expect(page.getByRole("tab", { name: "Consumos por Efector" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Apellido").fill(apellido.toLowerCase());
  await page.getByLabel("Nombre").fill(nombre ?? "");
  await page.getByRole("button", { name: "Buscar Profesional" }).click();
  const pick = page.getByRole("link", { name: new RegExp(`\\(código ${top.codigo}\\)`) });
  await expect(pick).toBeVisible();
  await pick.click();
  await expect(page.getByLabel("Código de Efector")).toHaveValue(top.codigo);
  await expect(page.getByText(`${top.nommedefector} (Mat.`)).toBeVisible();

  await page.getByLabel("Fecha Desde").fill(desde);
  await page.getByLabel("Fecha Hasta").fill(hasta);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  // the one DataGrid (ADR 059): AG Grid with JavaScript
  await expect(gridRows(page, "Prácticas consumidas")).toHaveCount(consumos.length);
  const first = gridRows(page, "Prácticas consumidas").first();
  await expect(first).toContainText(consumos[0].descpractica);
  await expect(first).toContainText(consumos[0].cant_practica.toLocaleString("es-AR"));
  await expect(page).toHaveURL(new RegExp(`codigo_efector=${top.codigo}`));

  // Drill-down: a dialog with the consumed authorisations.
  await first.getByRole("link").click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^Autorizaciones - ${consumos[0].practica}`) });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText(`${consumos[0].cant_autorizaciones.toLocaleString("es-AR")} autorizaciones`),
  ).toBeVisible();
  await expect(dialog.getByText("N° Autorización").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/practica=/);

  // A reload of the bare screen restores the provider search (and runs it).
  await page.goto(SCREEN);
  await expect(page).toHaveURL(new RegExp(`codigo_efector=${top.codigo}`));
  await expect(page.getByLabel("Código de Efector")).toHaveValue(top.codigo);
  await expect(page.getByLabel("Fecha Desde")).toHaveValue(desde);
  await expect(page.getByLabel("Apellido")).toHaveValue(apellido.toLowerCase());
  await expect(gridRows(page, "Prácticas consumidas")).toHaveCount(consumos.length);
});

test("ranking for a period: rows in order; its filters are kept apart and restored", async ({
  page,
  request,
  signIn,
}) => {
  const desde = daysAgo(30);
  const hasta = todayAR();
  const { ranking } = await topEfector(request, desde, hasta);
  await openScreen(page, signIn);
  await page.getByRole("tab", { name: "Ranking de Consumos" }).click();
  await expect(page).toHaveURL(/tab=ranking/);
  // the ranking's panel, not the efector's (whose dates start as today: ADR 073), before typing
  await expect(page.getByRole("tab", { name: "Ranking de Consumos" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Código de Efector")).toHaveCount(0);
  await page.getByLabel("Fecha Desde").fill(desde);
  await page.getByLabel("Fecha Hasta").fill(hasta);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const rows = gridRows(page, "Ranking de consumos por efector");
  await expect(rows).toHaveCount(ranking.length);
  await expect(rows.first()).toContainText(ranking[0].codigo);
  await expect(rows.first()).toContainText(ranking[0].nommedefector);

  // Keyboard: back to the other tab with the arrow keys.
  await page.getByRole("tab", { name: "Ranking de Consumos" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Consumos por Efector" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Código de Efector")).toBeVisible();

  await page.goto(`${SCREEN}?tab=ranking`);
  await expect(page).toHaveURL(new RegExp(`ranking_desde=${desde}`));
  await expect(page.getByLabel("Fecha Desde")).toHaveValue(desde);
  await expect(gridRows(page, "Ranking de consumos por efector")).toHaveCount(ranking.length);

  // The code in the ranking opens that efector's consumption for the same period.
  await page.getByRole("link", { name: `Ver consumos del efector ${ranking[0].codigo}` }).click();
  await expect(page.getByRole("tab", { name: "Consumos por Efector" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Código de Efector")).toHaveValue(ranking[0].codigo);
  await expect(gridRows(page, "Prácticas consumidas").first()).toBeVisible();
});

test("with JavaScript the tabs are still links to ?tab= (they work even if the script stops), enhanced to switch in place", async ({
  page,
  signIn,
}) => {
  await openScreen(page, signIn);
  const ranking = page.getByRole("tab", { name: "Ranking de Consumos" });
  await expect(ranking).toHaveAttribute("href", /^\/consumos-por-prestador\?(.*&)?tab=ranking(&|$)/);
  await expect(page.getByRole("tab", { name: "Consumos por Efector" })).toHaveAttribute("href", /[?&]tab=efector(&|$)/);
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  await ranking.click();
  await expect(ranking).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/tab=ranking/);
  await expect(page.getByLabel("Fecha Hasta")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Consumos por Efector" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Código de Efector")).toBeVisible();
  // no reload: a plain click only rewrote ?tab=
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expectNoSeriousA11yViolations(page, ".consumos-tabs");
});

test("required fields: 'Todos los campos son obligatorios'; a name is needed to search professionals; unknown code: 'No se encontró resultado'", async ({
  page,
  signIn,
}) => {
  await openScreen(page, signIn);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByText("Todos los campos son obligatorios")).toBeVisible();
  await page.getByRole("button", { name: "Buscar Profesional" }).click();
  await expect(page.getByText("Debe especificar un apellido o nombre")).toBeVisible();

  await page.getByLabel("Código de Efector").fill("' OR 1=1 --");
  await page.getByLabel("Fecha Desde").fill(daysAgo(10));
  await page.getByLabel("Fecha Hasta").fill(todayAR());
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByText("No se encontró resultado")).toBeVisible();

  await page.getByRole("tab", { name: "Ranking de Consumos" }).click();
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByText("Todos los campos son obligatorios")).toBeVisible();

  // The server says the same (and the period rules) when the request gets there.
  await page.goto(`${SCREEN}?tab=ranking&ranking_desde=2025-03-01&ranking_hasta=2025-01-01&buscar=ranking`);
  await expect(page.getByText("La fecha desde no puede ser posterior a la fecha hasta").first()).toBeVisible();
});

test("without JavaScript: tab links, server-side validation, results and the drill-down as a section", async ({
  browser,
  request,
  signIn,
}) => {
  const desde = daysAgo(60);
  const hasta = todayAR();
  const { top, consumos } = await topEfector(request, desde, hasta);
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await signIn(page, ADMIN);
  await expectPath(page, "/home");
  await page.goto(SCREEN);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Todos los campos son obligatorios");
  await expect(page.getByLabel("Código de Efector")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Código de Efector").fill(top.codigo);
  await page.getByLabel("Fecha Desde").fill(desde);
  await page.getByLabel("Fecha Hasta").fill(hasta);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const table = page.getByRole("table", { name: "Prácticas consumidas" });
  await expect(table.getByRole("row")).toHaveCount(consumos.length + 1);
  await table.getByRole("row").nth(1).getByRole("link").click();
  await expect(
    page.getByRole("heading", { name: new RegExp(`^Autorizaciones - ${consumos[0].practica}`) }),
  ).toBeVisible();

  await page.getByRole("link", { name: "Ranking de Consumos" }).click();
  await expect(page).toHaveURL(/tab=ranking/);
  await expect(page.getByLabel("Fecha Hasta")).toBeVisible();
  await ctx.close();
});
