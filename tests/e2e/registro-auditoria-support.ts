// 'Registro de Auditoría' (issue 39 item 10): 'Acción' in Spanish words and 'Detalle' as 'clave: valor' lines. A MAE
// ficha made through the API writes 'mae.ficha.crear' with { dni, anio_lectivo }; the admin's sign-in writes 'login'.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { teacherDni } from "./mae-support";
import { adminToken } from "./support";

/** A new MAE ficha (through the API); its DNI. */
export async function fichaMaeNueva(request: APIRequestContext): Promise<string> {
  const dni = teacherDni();
  const res = await request.post("/api/mae", {
    headers: { "x-auth-token": await adminToken(request) },
    data: { dni, apeynom: `AUDITORIA E2E ${dni}`, titulo_mae: "PROFESOR/A", anio_lectivo: 2024 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return dni;
}

export async function checkRegistro(page: Page, dni: string, { axe, shot }: { axe: boolean; shot: string }) {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto("/registro-auditoria");
  const table = page.getByRole("table", { name: "Registro de auditoría" });
  // The sign-ins say 'Ingreso', never the code.
  await expect(table.getByRole("cell", { name: "Ingreso", exact: true }).first()).toBeVisible();
  await expect(table.getByRole("cell", { name: "login", exact: true })).toHaveCount(0);
  // The filter takes the word it shows.
  await page.getByLabel("Acción").fill("Ficha MAE creada");
  await page.getByRole("button", { name: "Buscar" }).click();
  const row = table.getByRole("row").filter({ hasText: `dni: ${dni}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Ficha MAE creada", exact: true })).toBeVisible();
  const detalle = row.locator("td").nth(4);
  await expect(detalle.locator("li")).toHaveText([`dni: ${dni}`, "anio_lectivo: 2024"]);
  await expect(detalle).not.toContainText("{");
  await page.screenshot({ path: `/work/shots/b/${shot}-1366.png`, fullPage: true });
  if (axe) await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: `/work/shots/b/${shot}-390.png`, fullPage: true });
  if (axe) await expectNoSeriousA11yViolations(page);
}
