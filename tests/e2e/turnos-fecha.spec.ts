// 'Asignacion de Turnos' with an impossible date in the URL (issue 28), with JavaScript: the message stands by the
// date field (aria-invalid, aria-describedby) and 'Día' shows no weekday for it.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, waitForHydration } from "./support";
import { grid } from "./turnos-support";

const MSG = "Fecha de turno inválida (use dd/mm/aaaa)";

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

for (const fecha of ["2026-02-31", "20245-01-01"]) {
  test(`fecha_turno=${fecha} shows '${MSG}' by the date field and no weekday`, async ({ page }) => {
    await page.goto(`/turnos?tipo_tramite=REINTEGROS&fecha_turno=${fecha}`);
    await waitForHydration(page);
    const box = page.getByLabel("Fecha", { exact: true });
    await expect(box).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await box.getAttribute("aria-describedby")) ?? "";
    const error = page.locator(`[id="${describedBy.split(" ").find((id) => id.includes("error")) ?? "none"}"]`);
    await expect(error).toHaveText(MSG);
    await expect(page.getByLabel("Día", { exact: true })).toHaveValue("");
    await expect(grid(page)).toHaveCount(0);
  });
}
