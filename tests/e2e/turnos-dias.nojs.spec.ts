// 'Asignacion de Turnos' on a Saturday without JavaScript (issue 28, ADR 051): 'Sin atención', no free chip, and a
// slot's URL opens no assignment form but says why.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";
import { addDaysAR, gridUrl, todayAR, weekdayOfAR } from "./turnos-support";

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("a Saturday says 'Sin atención' and offers no assignment form, without JavaScript", async ({ page }) => {
  let sabado = addDaysAR(todayAR(), 1);
  while (weekdayOfAR(sabado) !== 6) sabado = addDaysAR(sabado, 1);
  await page.goto(gridUrl("AFILIACIONES", sabado));
  await expect(page.getByText("Sin atención").first()).toBeVisible();
  await expect(page.getByText("Disponible")).toHaveCount(0);
  await page.goto(`${gridUrl("AFILIACIONES", sabado)}&hora_turno=08:00&puesto=1`);
  await expect(page.getByRole("region", { name: "Asignar turno" })).toHaveCount(0);
  await expect(page.getByText("Sin atención: los sábados y domingos no se asignan turnos")).toBeVisible();
});
