// The status dialog's 'Cancelar' without JavaScript (issue 28): a link back to the grid, nothing saved.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken } from "./support";
import { assignByApi, cellName, freeSlots, grid, gridUrl, memberForTurnos, nro, weekdayAhead } from "./turnos-support";

const panel = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("the status panel's 'Cancelar' goes back to the grid, without JavaScript", async ({ page, request }) => {
  const tipo = "AUTORIZACIONES";
  const fecha = weekdayAhead(6);
  const [, , , slot] = await freeSlots(request, tipo, fecha);
  const member = await memberForTurnos(request, 68);
  const assigned = await assignByApi(request, slot, member.idafi);
  expect(assigned.status(), await assigned.text()).toBe(200);
  const { turno } = (await assigned.json()) as { turno: { id: number; version: number } };
  const confirmed = await request.put("/api/turnos/cambiar-estado", {
    headers: { "x-auth-token": await adminToken(request) },
    data: { id: turno.id, estado_turno: "CONFIRMADO", version: turno.version },
  });
  expect(confirmed.status()).toBe(200);

  await page.goto(gridUrl(tipo, fecha));
  const chip = cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot);
  await grid(page).getByRole("link", { name: chip }).click();
  const estado = panel(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(estado).toBeVisible();
  await estado.getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(new RegExp(`^[^#]*/turnos\\?tipo_tramite=${tipo}&fecha_turno=${fecha}$`));
  await expect(estado).toHaveCount(0);
  await expect(grid(page).getByRole("link", { name: chip })).toBeVisible();
});
