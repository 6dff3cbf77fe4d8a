// 'Consulta de Prácticas' (/informes-practicas): admin filters a period, sees cards with counts (matching the
// API), 'Ver Listado' lists the authorisations (dialog with JavaScript, plain section without);
// 'consulta' lacks the screen and goes to /home.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, adminToken, apiToken, expectPath, waitForHydration } from "./support";

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

test("admin filters a period, sees practice cards with counts, and 'Ver Listado' lists them", async ({
  page,
  request,
  signIn,
}) => {
  const desde = daysAgo(14);
  const token = await adminToken(request);
  const api = await request.get(`/api/practicas/informe?fecha_desde=${desde}&fecha_hasta=${todayAR()}`, {
    headers: { "x-auth-token": token },
  });
  expect(api.status()).toBe(200);
  const { resultado } = (await api.json()) as {
    resultado: { practica: string; descpractica: string; cantidad: number }[];
  };
  expect(resultado.length).toBeGreaterThan(0);

  await signIn(page, ADMIN);
  await page.goto("/informes-practicas");
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Consulta de Prácticas");
  await expect(page.getByLabel("Fecha Desde")).toHaveValue(todayAR()); // default: today
  await waitForHydration(page, "form button[type=submit]");
  await page.getByLabel("Fecha Desde").fill(desde);
  await page.getByRole("button", { name: "Buscar" }).click();
  const cards = page.getByRole("list", { name: "Prácticas" }).getByRole("listitem");
  await expect(cards).toHaveCount(resultado.length);
  const first = cards.first();
  await expect(first.getByRole("heading", { name: resultado[0].descpractica })).toBeVisible();
  await expect(first).toContainText(`${resultado[0].cantidad.toLocaleString("es-AR")} autorizaci`);

  await first.getByRole("link", { name: /Ver Listado/ }).click();
  const dialog = page.getByRole("dialog", { name: `Listado de autorizaciones - ${resultado[0].descpractica}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("columnheader", { name: "N° Autorización" })).toBeVisible();
  await expect(dialog.getByText(`Total: ${resultado[0].cantidad}`)).toBeVisible();
  expect(await dialog.getByRole("row").count()).toBeGreaterThan(1);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(cards).toHaveCount(resultado.length);
});

test("without JavaScript 'Ver Listado' opens the list as a section (GET ?practica=)", async ({
  browser,
  request,
  signIn,
}) => {
  const token = await adminToken(request);
  const q = `fecha_desde=${daysAgo(14)}&fecha_hasta=${todayAR()}`;
  const api = await request.get(`/api/practicas/informe?${q}`, { headers: { "x-auth-token": token } });
  const top = (
    (await api.json()) as { resultado: { practica: string; subitem: string; descpractica: string; cantidad: number }[] }
  ).resultado[0];
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await signIn(page, ADMIN);
  await expectPath(page, "/home");
  await page.goto(`/informes-practicas?buscar=1&${q}&practica=${top.practica}&practica_subitem=${top.subitem}`);
  await expect(page.getByRole("heading", { name: `Listado de autorizaciones - ${top.descpractica}` })).toBeVisible();
  await expect(page.getByText(`Total: ${top.cantidad}`)).toBeVisible();
  await ctx.close();
});

test("bad filters: a Spanish message, 400 on the API", async ({ page, request, signIn }) => {
  const token = await adminToken(request);
  const res = await request.get("/api/practicas/informe?fecha_desde=2025-03-01&fecha_hasta=2025-01-01", {
    headers: { "x-auth-token": token },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { msg: string }).msg).toBe("La fecha desde no puede ser posterior a la fecha hasta");
  const long = await request.get("/api/practicas/informe?fecha_desde=2023-01-01&fecha_hasta=2025-01-01", {
    headers: { "x-auth-token": token },
  });
  expect(long.status()).toBe(400);
  // the one period rule of every report (app/lib/period.ts): one text per problem
  expect(((await long.json()) as { msg: string }).msg).toBe("El período no puede superar 366 días");
  await signIn(page, ADMIN);
  await page.goto("/informes-practicas?buscar=1&fecha_desde=2023-01-01&fecha_hasta=2025-01-01");
  await expect(page.getByRole("alert")).toContainText("Error al obtener información");
  await expect(page.getByRole("alert")).toContainText("El período no puede superar 366 días");
});

test("'consulta' lacks the screen: redirected to /home, 403 on the API", async ({ page, request, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto("/informes-practicas");
  await expectPath(page, "/home");
  const token = await apiToken(request, CONSULTA.usuario, CONSULTA.password);
  const res = await request.get("/api/practicas/informe", { headers: { "x-auth-token": token } });
  expect(res.status()).toBe(403);
  expect((await request.get("/api/practicas/informe")).status()).toBe(401);
});
