// Issue 39 item 11 without JavaScript: the Reg_ link's words, the booklets' bullets, Perfiles' width, Listado CAPA's
// names and the one look for inactive rows, as the server renders them (checks in rough-edges-support.ts; axe runs
// in the JavaScript spec).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, whenSnapshotReady } from "./support";
import {
  checkCapaNames,
  checkDrawerMarker,
  checkInactiveRows,
  checkPerfilesWidth,
  inactiveProfile,
} from "./rough-edges-support";

test.beforeEach(async ({ page, signIn }) => {
  if (test.info().title.startsWith("public")) return;
  await signIn(page, ADMIN);
});

test("Padrón Farmacia: the Reg_ link says the file's full name and what it holds", async ({ page }) => {
  test.setTimeout(240_000);
  await whenSnapshotReady(page.request, "/api/padron_farmacia/beneficiarios-activos");
  await page.goto("/padron_farmacia");
  await page.getByRole("button", { name: "Activos", exact: true }).click();
  const ok = page.getByRole("status").filter({ hasText: "Padron generado con exito" });
  await expect(ok).toBeVisible({ timeout: 60_000 });
  const [, archivo] = /\((4082C\d{12}\.txt)\)/.exec((await ok.textContent()) ?? "") ?? [];
  await expect(ok.getByRole("link", { name: /^Descargar Reg_/ })).toHaveText(
    `Descargar Reg_${archivo} (cantidad de registros)`,
  );
});

test("public page: each booklet's bullet stands before its item", async ({ page }) => {
  await page.goto("/consulta-coberturas-esp");
  const items = page.getByRole("navigation", { name: "Cartillas de coberturas especiales" }).getByRole("listitem");
  await expect(items).toHaveCount(9);
  const gaps = await items.evaluateAll((lis) =>
    lis.map((li) => li.querySelector("a")!.getBoundingClientRect().left - li.getBoundingClientRect().left),
  );
  for (const g of gaps) expect(g).toBeGreaterThan(4);
});

test("one look for inactive rows, without JavaScript", async ({ page }) => {
  test.setTimeout(240_000);
  await inactiveProfile(page);
  await checkInactiveRows(page, { axe: false });
});

test("drawer: the groups' marker sits on the label's baseline", async ({ page }) => {
  await checkDrawerMarker(page);
});

test("Perfiles takes the full width like Usuarios", async ({ page }) => {
  await checkPerfilesWidth(page, { axe: false });
});

test("Listado CAPA: names on one or two lines at 1366 px", async ({ page }) => {
  await checkCapaNames(page, { axe: false });
});
