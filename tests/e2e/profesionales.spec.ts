// Padrón de Profesionales (spec part 2 §2 Professional query, §9; docs/decisions/037): search by apellido, the
// Colegio filter, paging Atrás / 'Página x de y' / Siguiente (5 a page), a phone's width, and who is refused. Reads
// the seeded demo registry only (400 professionals); expected figures come from GET /api/prestadores.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test, type SignIn } from "./fixtures";
import { ADMIN, CONSULTA, adminToken, createThrowawayUser, expectPath, login, waitForHydration } from "./support";

type Prestador = { apellido: string; nombre: string; matricula: string; colegio: string };
type Answer = { prestadores: Prestador[]; total_records: number };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { "x-auth-token": await adminToken(request) } });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

const table = (page: Page) => page.getByRole("table", { name: "Padrón de profesionales" });
const rows = (page: Page) => table(page).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Paginación del padrón" });

async function open(page: Page, signIn: SignIn) {
  await signIn(page, ADMIN);
  await page.goto("/padron-profesionales");
  await waitForHydration(page);
}

test("search by apellido: only that surname, its total, 5 a page", async ({ page, request, signIn }) => {
  const { prestadores } = await api<Answer>(request, "/api/prestadores?size=1&page=7");
  const apellido = prestadores[0].apellido;
  const expected = await api<Answer>(request, `/api/prestadores?apellido=${encodeURIComponent(apellido)}&size=100`);
  await open(page, signIn);
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Padrón de Profesionales");
  await page.getByLabel("Apellido", { exact: true }).fill(apellido.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(pager(page)).toContainText(`Total: ${expected.total_records}`);
  await expect(rows(page)).toHaveCount(Math.min(5, expected.total_records));
  const names = await rows(page).locator("td:first-child").allInnerTexts();
  const first = expected.prestadores.slice(0, 5);
  expect(names).toEqual(first.map((p) => `${p.apellido}, ${p.nombre}`));
  await expect(rows(page).first()).toContainText(first[0].matricula);
  await expect(page.getByLabel("Apellido", { exact: true })).toHaveValue(apellido.toLowerCase());
});

test("the Colegio filter: TODOS or one college of the list", async ({ page, request, signIn }) => {
  const { colegios } = await api<{ colegios: { sptpmdescr: string }[] }>(request, "/api/prestadores/colegios");
  expect(colegios.length).toBeGreaterThan(1);
  const colegio = colegios[1].sptpmdescr;
  const expected = await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(colegio)}`);
  const all = await api<Answer>(request, "/api/prestadores");
  await open(page, signIn);
  const select = page.getByLabel("Colegio");
  await expect(select.locator("option")).toHaveText(["TODOS", ...colegios.map((c) => c.sptpmdescr)]);
  await expect(select).toHaveValue("TODOS");
  await select.selectOption(colegio);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(pager(page)).toContainText(`Total: ${expected.total_records}`);
  const colleges = await rows(page).locator("td:nth-child(3)").allInnerTexts();
  expect(colleges.length).toBeGreaterThan(0);
  expect(new Set(colleges)).toEqual(new Set([colegio]));
  await select.selectOption("TODOS");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(pager(page)).toContainText(`Total: ${all.total_records}`);
});

test("paging: Atrás disabled on the first page, 'Página x de y', Siguiente disabled on the last", async ({
  page,
  request,
  signIn,
}) => {
  const { colegios } = await api<{ colegios: { sptpmdescr: string }[] }>(request, "/api/prestadores/colegios");
  const totals = await Promise.all(
    colegios.map(async (c) => ({
      colegio: c.sptpmdescr,
      total: (await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(c.sptpmdescr)}`)).total_records,
    })),
  );
  const { colegio } = totals.sort((x, y) => y.total - x.total)[0];
  const p0 = await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(colegio)}&page=0`);
  const p1 = await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(colegio)}&page=1`);
  const pages = Math.ceil(p0.total_records / 5);
  expect(pages).toBeGreaterThan(2);
  await open(page, signIn);
  await page.getByLabel("Colegio").selectOption(colegio);
  await page.getByRole("button", { name: "Buscar" }).click();
  const nav = pager(page);
  await expect(nav).toContainText(`Página 1 de ${pages}`);
  await expect(nav.getByText("Atrás")).toHaveAttribute("aria-disabled", "true");
  await expect(rows(page).first()).toContainText(p0.prestadores[0].matricula);

  await nav.getByRole("link", { name: "Siguiente" }).click();
  await expect(nav).toContainText(`Página 2 de ${pages}`);
  await expect(rows(page).first()).toContainText(p1.prestadores[0].matricula);
  await expect(page).toHaveURL(/page=1/);

  await nav.getByRole("link", { name: "Atrás" }).click();
  await expect(nav).toContainText(`Página 1 de ${pages}`);
  await expect(rows(page).first()).toContainText(p0.prestadores[0].matricula);

  await page.goto(`/padron-profesionales?colegio=${encodeURIComponent(colegio)}&page=${pages - 1}`);
  await expect(nav).toContainText(`Página ${pages} de ${pages}`);
  await expect(nav.getByText("Siguiente")).toHaveAttribute("aria-disabled", "true");
  await expect(nav.getByRole("link", { name: "Atrás" })).toBeVisible();
  await expect(rows(page)).toHaveCount(p0.total_records - (pages - 1) * 5);
});

test("bad input: an empty table with a calm message, never an error page", async ({ page, signIn }) => {
  await open(page, signIn);
  await page.goto("/padron-profesionales?apellido=%25&page=0");
  await expect(table(page).locator("tbody")).toContainText("La búsqueda no ha encontrado ningún resultado");
  await page.goto("/padron-profesionales?apellido=perez&page=-1");
  await expect(page.getByRole("status").filter({ hasText: "La página debe ser" })).toBeVisible();
  await expect(pager(page)).toContainText("Total: 0");
});

test("on a phone (390 px) the form and the table fit; the table scrolls inside its region", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, signIn);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(rows(page)).toHaveCount(5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const next = page.getByRole("link", { name: "Siguiente" });
  await next.scrollIntoViewIfNeeded();
  await expect(next).toBeInViewport({ ratio: 1 });
  await next.click();
  await expect(pager(page)).toContainText("Página 2 de");
});

test("consulta, the provider profile's user and a profile without the screen are sent to /home", async ({
  page,
  request,
  signIn,
}) => {
  await signIn(page, CONSULTA);
  await page.goto("/padron-profesionales");
  await expectPath(page, "/home");
  const auditor = await createThrowawayUser(request, { perfil: 10 });
  await page.context().clearCookies();
  await login(page, auditor.usuario, auditor.password);
  await page.goto("/padron-profesionales?apellido=perez");
  await expectPath(page, "/home");
});
