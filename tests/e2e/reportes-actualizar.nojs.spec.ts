// The refresh without JavaScript: 'Actualizar datos' is a plain form post that comes back to the report; a request
// refused because another refresh holds the lock comes back with ?actualizacion=busy and the bar says so.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";

const REPORT = "/osep-tiempos-auditoria?fecha_desde=2025-03-01&fecha_hasta=2025-03-31";

test("the form post comes back to the report it was sent from", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  const button = page.getByRole("button", { name: "Actualizar datos" });
  // without JavaScript the bar does not poll: reload until no refresh (the start-up one) is running
  await expect(async () => {
    await page.goto(REPORT);
    await expect(button).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [1000] });
  await button.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/osep-tiempos-auditoria" && url.searchParams.get("fecha_desde") === "2025-03-01",
  );
});

test("a refused request: the report says another refresh is under way", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto(`${REPORT}&actualizacion=busy`);
  await expect(page.getByText(/^Ya hay una actualización de los datos de informes en curso/)).toBeVisible();
});
