// Issue 38: the authorisations of one practice (Consumos por Efector's dialog) have their own 'Exportar a PDF' inside
// the dialog — the page's link is behind the modal — and the PDF holds that practice's authorisations.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { gridRows } from "./grid-support";
import { ADMIN, waitForHydration } from "./support";
import { efectorUrl, estadisticas, pdfTextOf, ranking } from "./statistics-pdf-support";

test("the practice dialog's 'Exportar a PDF' downloads the efector's PDF with that practice's authorisations", async ({
  page,
  request,
  signIn,
}) => {
  await estadisticas(request);
  const [top] = await ranking(request);
  await signIn(page, ADMIN);
  // the dialog as the URL opens it (a bookmark, a reload; the row's link writes the same URL)
  await page.goto(efectorUrl(top.codigo));
  const href = await gridRows(page, "Prácticas consumidas").first().getByRole("link").first().getAttribute("href");
  expect(href).toContain("practica=");
  await page.goto(href!);
  await waitForHydration(page, "form button[type=submit]");
  const dialog = page.getByRole("dialog", { name: /^Autorizaciones - / });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  const title = (await dialog.getByRole("heading").first().innerText()).trim();
  const link = dialog.getByRole("link", { name: "Exportar a PDF" });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("consumos-efector.pdf");
  const text = pdfTextOf(
    Buffer.from(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c))),
    "dialogo.pdf",
  );
  expect(text.replace(/\s+/g, " ")).toContain(title.replace(/\s+/g, " "));
  expect(text).toContain("N° Autorización");
});
