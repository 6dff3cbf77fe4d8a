// 'Listados de afiliados': the reciprocity agreement dialog (and its no-JavaScript block) says
// 'Sin fecha' for missing coverage dates instead of 'Vigencia de la cobertura: - al -'.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, waitForHydration } from "./support";

type Convenio = { idafi: number; apeynom: string; dni: string; enprfecvig: string | null; enprfecbaj: string | null };
const noDate = (d: string | null) => d == null || d.trim() === "" || d.startsWith("0001-01-01");

/** A member with an agreement and no coverage dates (the agreement JSON the dialog loads). */
async function agreementWithoutDates(page: Page): Promise<Convenio> {
  const token = await adminToken(page.request);
  const res = await page.request.get("/api/afiliado/listado-afiliados/?ver_afiliados_en_convenio=true&size=100", {
    headers: { "x-auth-token": token },
  });
  const { listado } = (await res.json()) as { listado: { id: number }[] };
  for (const { id } of listado) {
    const c = await page.request.get(`/listado-afiliados/convenio/${id}`);
    if (c.status() !== 200) continue;
    const { convenio } = (await c.json()) as { convenio: Convenio };
    if (noDate(convenio.enprfecvig) && noDate(convenio.enprfecbaj)) return convenio;
  }
  throw new Error("no demo agreement without coverage dates");
}

const vigencia = (scope: ReturnType<Page["getByRole"]>) =>
  scope
    .getByTestId("convenio-detalle")
    .locator(".convenio-item")
    .filter({ hasText: "Vigencia de la cobertura" })
    .locator("dd");

test.describe("with JavaScript", () => {
  test("the reciprocity dialog says 'Sin fecha' when the coverage dates are missing", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    const c = await agreementWithoutDates(page);
    await page.goto(`/listado-afiliados?afi_dni=${c.dni}`);
    await waitForHydration(page, "form button[type=submit]");
    await page
      .getByRole("table", { name: "Listado de afiliados" })
      .locator("tbody tr")
      .first()
      .getByRole("link", { name: /Ver convenio/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Convenio de Reciprocidad" });
    await expect(dialog.getByTestId("convenio-detalle")).toContainText(c.apeynom);
    await expect(vigencia(dialog)).toHaveText("Sin fecha");
    await expect(dialog).not.toContainText("- al -");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the inline agreement block says 'Sin fecha' too", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    const c = await agreementWithoutDates(page);
    await page.goto(`/listado-afiliados?afi_dni=${c.dni}&convenio=${c.idafi}`);
    const block = page.getByRole("region", { name: "Convenio de Reciprocidad" });
    await expect(block.getByTestId("convenio-detalle")).toContainText(c.apeynom);
    await expect(vigencia(block)).toHaveText("Sin fecha");
    await expect(block).not.toContainText("- al -");
  });
});
