// Padrón de Profesionales without JavaScript (project 'no-js'): the GET form searches, the Colegio select filters and
// the pager's links keep the filter, with 'Página x de y' (docs/decisions/037).
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken } from "./support";

type Answer = { prestadores: { apellido: string; nombre: string; matricula: string }[]; total_records: number };

async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { "x-auth-token": await adminToken(request) } });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

test("search, Colegio filter and paging work as plain links and a GET form", async ({ page, request, signIn }) => {
  const { colegios } = await api<{ colegios: { sptpmdescr: string }[] }>(request, "/api/prestadores/colegios");
  // the biggest college: several pages of professionals whose given name starts with A
  const totals = await Promise.all(
    colegios.map(async (c) => ({
      colegio: c.sptpmdescr,
      total: (await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(c.sptpmdescr)}&nombre=a`))
        .total_records,
    })),
  );
  const { colegio } = totals.sort((x, y) => y.total - x.total)[0];
  const p0 = await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(colegio)}&nombre=a`);
  const p1 = await api<Answer>(request, `/api/prestadores?colegio=${encodeURIComponent(colegio)}&nombre=a&page=1`);
  const pages = Math.ceil(p0.total_records / 5);
  expect(pages).toBeGreaterThan(1);

  await signIn(page, ADMIN);
  await page.goto("/padron-profesionales");
  await page.getByLabel("Nombre", { exact: true }).fill("A");
  await page.getByLabel("Colegio").selectOption(colegio);
  await page.getByRole("button", { name: "Buscar" }).click();
  const table = page.getByRole("table", { name: "Padrón de profesionales" });
  const nav = page.getByRole("navigation", { name: "Paginación del padrón" });
  await expect(nav).toContainText(`Total: ${p0.total_records}`);
  await expect(nav).toContainText(`Página 1 de ${pages}`);
  await expect(table.locator("tbody tr").first()).toContainText(p0.prestadores[0].matricula);
  await expect(nav.getByText("Atrás")).toHaveAttribute("aria-disabled", "true");

  await nav.getByRole("link", { name: "Siguiente" }).click();
  await expect(nav).toContainText(`Página 2 de ${pages}`);
  await expect(table.locator("tbody tr").first()).toContainText(p1.prestadores[0].matricula);
  await expect(page.getByLabel("Colegio")).toHaveValue(colegio);
  await expect(page.getByLabel("Nombre", { exact: true })).toHaveValue("A");

  await nav.getByRole("link", { name: "Atrás" }).click();
  await expect(nav).toContainText(`Página 1 de ${pages}`);
});
