// 'Consulta de Expedientes' (spec part 2 §2, §3; ADR 036): every document newest first with paging, filters by type,
// number + year, initiator (accents and case ignored) and start-date range, a refused bad value, and who is refused.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, expectPath, waitForHydration } from "./support";
import { expectTramitesLayout } from "./tramites-support";

const rows = (page: Page) => page.getByRole("table", { name: "Expedientes encontrados" }).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación de expedientes" });
const column = (page: Page, n: number) => rows(page).locator(`td:nth-child(${n})`).allTextContents();
const isoOf = (ar: string) => ar.split("/").reverse().join("-");

test.describe("as admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto("/tramites");
    await waitForHydration(page);
  });

  test("every document, newest first, 20 a page with Atrás / Siguiente", async ({ page }) => {
    await expect(rows(page)).toHaveCount(20);
    const dates = (await column(page, 6)).map(isoOf);
    expect([...dates].sort().reverse()).toEqual(dates);
    await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
    const total = Number(/Total: (\d+)/.exec((await pager(page).textContent())!)![1]);
    expect(total).toBeGreaterThan(1000);
    await pager(page).getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(pager(page).getByText(`2 de ${Math.ceil(total / 20)}`)).toBeVisible();
    const next = (await column(page, 6)).map(isoOf);
    expect(next[0] <= dates[dates.length - 1]).toBe(true);
  });

  test("type, number + year, initiator without accents, date range", async ({ page }) => {
    await page.getByLabel("Tipo de Documento").selectOption("NOTA");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/tipo_documento=NOTA/);
    await expect(rows(page).first()).toBeVisible();
    for (const t of await column(page, 2)) expect(t).toBe("NOTA");

    const numero = (await rows(page).first().locator("td:nth-child(3)").textContent())!;
    const [nro, anio] = /^(\d+)\/(\d{4})/.exec(numero)!.slice(1);
    await page.getByLabel("Número").fill(nro);
    await page.getByLabel("Año").fill(anio);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(new RegExp(`nrotramite=${nro}&anio=${anio}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().locator("td:nth-child(3)")).toHaveText(numero);

    // An initiator's surname as typed without accents and in lower case.
    await page.goto("/tramites");
    const iniciador = (await rows(page).first().locator("td:nth-child(5)").textContent())!;
    const word = iniciador.split(/[ ,]+/)[0];
    const typed = word
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    await page.getByLabel("Iniciador").fill(typed);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/iniciador=/);
    await expect(rows(page).first()).toBeVisible();
    const fold = (s: string) =>
      s
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase();
    for (const i of await column(page, 5)) expect(fold(i)).toContain(typed);

    await page.goto("/tramites");
    const day = isoOf((await rows(page).nth(3).locator("td:nth-child(6)").textContent())!);
    await page.getByLabel("Fecha Desde").fill(day);
    await page.getByLabel("Fecha Hasta").fill(day);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(new RegExp(`fecha_desde=${day}&fecha_hasta=${day}`));
    await expect(rows(page).first()).toBeVisible();
    for (const d of await column(page, 6)) expect(isoOf(d)).toBe(day);
  });

  test("a bad value gets its Spanish message under the field, no table", async ({ page }) => {
    await page.goto("/tramites?anio=20245&fecha_desde=2024-05-01&fecha_hasta=2024-04-01");
    await expect(page.getByText("El año debe ser un número de 4 dígitos entre 1900 y 2100")).toBeVisible();
    await expect(page.getByRole("table", { name: "Expedientes encontrados" })).toHaveCount(0);
    await page.goto("/tramites?size=10000");
    await expect(page.getByRole("alert")).toContainText("El tamaño de página debe ser un número entero entre 1 y 100");
  });

  test("390 px wide: the form and the results fit", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/tramites");
    await expect(rows(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("1366 px: the filters in one row, the number on one line; 390 px: no sideways scroll; axe at both", async ({
    page,
  }) => {
    await expectTramitesLayout(page);
  });
});

test("consulta is refused: the screen sends to /home, the API answers 403", async ({ page, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto("/tramites");
  await expectPath(page, "/home");
  const res = await page.request.post("/api/auth", {
    data: { usuario: CONSULTA.usuario, password: CONSULTA.password },
  });
  const { token } = (await res.json()) as { token: string };
  expect((await page.request.get("/api/tramite", { headers: { "x-auth-token": token } })).status()).toBe(403);
});
