// 'Consulta de Turnos' as the front desk reads it (issue 28), with JavaScript, at 1366 px: the procedure type stands
// before the two search buttons it applies to; a long observation wraps and every column stays visible; 'Exportar a
// Excel' shows only with results. Type and day: DISCAPACIDAD, a weekday 9+ days ahead (tests/e2e/turnos-support.ts).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, waitForHydration } from "./support";
import { freeSlots, memberForTurnos, weekdayAhead } from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
});

test("'Tipo de trámite' stands before 'Buscar por DNI' and 'Buscar por Fecha'; no 'Exportar a Excel' without results", async ({
  page,
}) => {
  await page.goto("/listado-turnos");
  await waitForHydration(page);
  const order = await page
    .locator("form.listado-turnos-filtros")
    .locator("select, button")
    .evaluateAll((els) => els.map((e) => (e.tagName === "SELECT" ? "select" : (e.textContent ?? "").trim())));
  expect(order).toEqual(["select", "Buscar por DNI", "Buscar por Fecha"]);
  await page.goto("/listado-turnos?buscar=fecha&fecha=2099-06-07&tipo_tramite=TODOS");
  await expect(page.getByText("0 turnos encontrados")).toBeAttached();
  await expect(page.getByRole("link", { name: "Exportar a Excel" })).toHaveCount(0);
});

test("a long observation wraps and every column stays visible at 1366 px; 'Exportar a Excel' with results", async ({
  page,
  request,
}) => {
  const tipo = "DISCAPACIDAD";
  const fecha = weekdayAhead(9);
  const [slot] = await freeSlots(request, tipo, fecha);
  const member = await memberForTurnos(request, 69);
  const observacion = `${"OBSERVACION LARGA DE PRUEBA ".repeat(12)}${"X".repeat(80)}`;
  const res = await request.put("/api/turnos", {
    headers: { "x-auth-token": await adminToken(request) },
    data: { ...slot, id_afiliado: member.idafi, observacion },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto(`/listado-turnos?buscar=dni&dni=${member.dni}&tipo_tramite=${tipo}`);
  await waitForHydration(page);
  const table = page.getByRole("table", { name: "Turnos encontrados" });
  await expect(table).toBeVisible();
  await expect(page.getByRole("link", { name: "Exportar a Excel" })).toBeVisible();
  const cell = table.getByRole("cell", { name: observacion.slice(0, 40) });
  const box = await cell.boundingBox();
  expect(box!.height).toBeGreaterThan(40); // more than one line
  for (const header of ["Turno", "Estado", "Observación", "Operador"]) {
    await expect(table.getByRole("columnheader", { name: header })).toBeInViewport({ ratio: 1 });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
});
