// Generador del Padron Farmacia without JavaScript (project 'no-js'): the buttons are a POST form; the answer page
// shows 'Padron generado con exito', the count and the two links, which download the cp1252 roster and its Reg_.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken } from "./support";

test("generate Diabeticos Medicamentos with a plain form post and download both files", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  const token = await adminToken(request);
  await expect
    .poll(async () => (await request.get("/api/padron_farmacia", { headers: { "x-auth-token": token } })).status(), {
      timeout: 30_000,
    })
    .toBe(200);
  await signIn(page, ADMIN);
  // the snapshot is built at start-up: until then the page says so and the post is repeated
  await expect(async () => {
    await page.goto("/padron_farmacia");
    await page.getByRole("button", { name: "Diabeticos Medicamentos", exact: true }).click();
    await expect(page.getByText("Padron generado con exito")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000, 5000] });

  const ok = page.getByRole("status").filter({ hasText: "Padron generado con exito" });
  const text = (await ok.textContent()) ?? "";
  const [, count, archivo] = /Diabeticos Medicamentos: ([\d.]+) registros \((4083C\d{12}D\.txt)\)/.exec(text) ?? [];
  expect(archivo, text).toBeTruthy();
  const registros = Number(count.replace(/\./g, ""));

  const href = await ok.getByRole("link", { name: `Descargar padrón ${archivo}` }).getAttribute("href");
  const roster = await page.request.get(href!);
  expect(roster.status()).toBe(200);
  expect(roster.headers()["content-type"]).toBe("text/plain; charset=windows-1252");
  expect(roster.headers()["content-disposition"]).toContain(archivo);
  const bytes = await roster.body();
  const lines = bytes.toString("latin1").split("\r\n");
  expect(lines.pop()).toBe("");
  expect(lines).toHaveLength(registros);
  expect(bytes.includes(Buffer.from([0xc3]))).toBe(false); // no UTF-8

  const regHref = await ok.getByRole("link", { name: `Descargar Reg_${archivo}` }).getAttribute("href");
  expect((await (await page.request.get(regHref!)).body()).toString("latin1")).toBe(`${registros}\r\n`);

  // the generated files table (server-rendered)
  await expect(
    page.getByRole("table", { name: "Archivos generados" }).getByRole("row").filter({ hasText: archivo }),
  ).toContainText("Diabeticos Medicamentos");
});
