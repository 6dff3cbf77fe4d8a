// An impossible date in the /turnos form without JavaScript (issue 28): the server's message by the date field.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("fecha_turno=2026-02-31 shows the date field's message and no weekday, without JavaScript", async ({ page }) => {
  const res = await page.goto("/turnos?tipo_tramite=REINTEGROS&fecha_turno=2026-02-31");
  expect(res?.status()).toBe(400);
  const box = page.getByLabel("Fecha", { exact: true });
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Fecha de turno inválida (use dd/mm/aaaa)")).toBeVisible();
  await expect(page.getByLabel("Día", { exact: true })).toHaveValue("");
});
