// 'Consulta de Vademecum' (spec part 2 §2, §5, §9; ADR 036): the 3-character rule opens the dialog without a
// request, an accent-insensitive search, paging back/next 5 a page from page 0, 390 px wide, and who is refused.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, expectPath, waitForHydration } from "./support";

const rows = (page: Page) => page.getByRole("table", { name: "Resultados del vademecum" }).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación del vademecum" });

test.describe("as admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto("/consulta-vademecum");
    await waitForHydration(page);
  });

  test("no filter with 3 characters: the dialog, and no request", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/consulta-vademecum?") || r.url().includes("_data=")) requests.push(r.url());
    });
    for (const fill of [{}, { Producto: "ib" }, { Producto: "ib", Droga: " pa ", Plan: "x" }]) {
      for (const [label, value] of Object.entries(fill)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole("button", { name: "Buscar" }).click();
      const dialog = page.getByRole("dialog", { name: "Los filtros no pueden estar vacios" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Es necesario completar al menos un campo con al menos 3 caracteres");
      await dialog.getByRole("button", { name: "Aceptar" }).click();
      await expect(dialog).toBeHidden();
    }
    expect(requests).toEqual([]);
    await expectPath(page, "/consulta-vademecum");
    await expect(rows(page)).toHaveCount(0);
  });

  test("accents and case ignored: 'acido folico' finds ÁCIDO FÓLICO; paging back and next", async ({ page }) => {
    await page.getByLabel("Droga", { exact: true }).fill("acido folico");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/droga=acido\+folico/);
    await expect(rows(page).first()).toContainText("ÁCIDO FÓLICO");

    await page.getByLabel("Droga", { exact: true }).fill("");
    await page.getByLabel("Familia", { exact: true }).fill("ANTINEOPLASICOS");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/familia=ANTINEOPLASICOS/);
    await expect(rows(page)).toHaveCount(5);
    for (const f of await rows(page).locator("td:nth-child(5)").allTextContents())
      expect(f).toMatch(/^ANTINEOPLÁSICOS/);
    const total = Number(/Total: (\d+)/.exec((await pager(page).textContent())!)![1]);
    expect(total).toBeGreaterThan(5);
    await expect(pager(page).getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
    const first = await rows(page).first().textContent();
    await pager(page).getByRole("link", { name: "Siguiente" }).click();
    await expect(page).toHaveURL(/page=1/);
    await expect(pager(page).getByText(/^2 de \d+$/)).toBeVisible();
    await expect(rows(page).first()).not.toHaveText(first!);
    await pager(page).getByRole("link", { name: "Atrás" }).click();
    await expect(pager(page).getByText(/^1 de \d+$/)).toBeVisible();
    await expect(rows(page).first()).toHaveText(first!);
    // The last page: next disabled when total <= (page+1)*size.
    const last = Math.ceil(total / 5) - 1;
    await page.goto(`/consulta-vademecum?search=true&familia=ANTINEOPLASICOS&page=${last}`);
    await expect(pager(page).getByText("Siguiente")).toHaveAttribute("aria-disabled", "true");
    await expect(rows(page)).toHaveCount(total - last * 5);
  });

  test("390 px wide: the form and the results fit", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/consulta-vademecum?search=true&droga=ibuprofeno");
    await expect(rows(page).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Buscar" })).toBeInViewport();
  });
});

test("consulta is refused: the screen sends to /home, the API answers 403", async ({ page, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto("/consulta-vademecum");
  await expectPath(page, "/home");
  const res = await page.request.post("/api/auth", {
    data: { usuario: CONSULTA.usuario, password: CONSULTA.password },
  });
  const { token } = (await res.json()) as { token: string };
  const api = await page.request.get("/api/vademecum/?droga=ibuprofeno", { headers: { "x-auth-token": token } });
  expect(api.status()).toBe(403);
});
