// Padrón Voluntarios without JavaScript (project 'no-js'): Listar is a GET form, the list is a server table of 20
// rows with a pager, the local filter ('Filtrar') goes to the server as `search`, each row links to the member's
// detail. Needs the reporting snapshot (built at start-up).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, expectPath, whenSnapshotReady } from "./support";

type Voluntario = { apeynomfam: string; dnifam: string; idafifam: number };

async function listado(request: APIRequestContext, query: string): Promise<Voluntario[]> {
  const path = `/api/padron_voluntarios/full-view?${query}`;
  return (await whenSnapshotReady<{ listado: Voluntario[] }>(request, path)).listado;
}

const table = (page: Page) => page.getByRole("table", { name: "Afiliados voluntarios" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Páginas del listado" });

test("Listar, paging, the filter as a server search and the member link, without JavaScript", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  const todos = await listado(request, "estado=TODOS");
  expect(todos.length).toBeGreaterThan(40); // enough for paging
  await signIn(page, ADMIN);
  await page.goto("/padron_voluntarios");
  await page.getByLabel("Estado").selectOption("TODOS");
  await page.getByRole("button", { name: "Listar" }).click();
  await expect(page).toHaveURL(/estado=TODOS/);
  await expect(page.getByRole("status").filter({ hasText: "Total:" })).toHaveText(
    `Total: ${todos.length.toLocaleString("es-AR")}`,
  );
  await expect(bodyRows(page)).toHaveCount(20);
  await expect(bodyRows(page).first()).toContainText(todos[0].apeynomfam);

  await pager(page).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(pager(page).getByText(`2 de ${Math.ceil(todos.length / 20)}`)).toBeVisible();
  await expect(bodyRows(page).first()).toContainText(todos[20].apeynomfam);

  // the filter goes to the server as `search`: a DNI leaves one row, whose link opens the member
  const one = todos[25];
  await page.getByLabel("Filtrar").fill(one.dnifam);
  await page.getByRole("button", { name: "Listar" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${one.dnifam}`));
  await expect(page).not.toHaveURL(/page=/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByLabel("Filtrar")).toHaveValue(one.dnifam);
  await bodyRows(page).getByRole("link", { name: one.apeynomfam }).click();
  await expectPath(page, `/consultar-padron/${one.idafifam}`);
});

test("bad input is shown on the screen, never a server error", async ({ page, request, signIn }) => {
  await listado(request, "estado=TODOS");
  await signIn(page, ADMIN);
  const res = await page.goto(`/padron_voluntarios?estado=TODOS&search=${encodeURIComponent("' OR 1=1 --")}`);
  expect(res?.status()).toBe(400);
  await expect(page.getByText("El texto de búsqueda solo admite").first()).toBeVisible();
  const bad = await page.goto("/padron_voluntarios?estado=BORRADO&page=-1");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("Estado inválido").first()).toBeVisible();
});
