// Generador del Padron Farmacia (/padron_farmacia): admin generates a roster, sees 'Padron generado con exito' with
// the count, downloads the roster (Windows-1252, CRLF) and its Reg_ (the count); the generated files are listed;
// the API answers { length, file } and the list; anonymous, `consulta` and the provider user are refused.
// Needs the reporting snapshot (built at start-up).
import { expect, type APIRequestContext, type Download } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, apiToken, CONSULTA, login, waitForHydration, whenSnapshotReady } from "./support";

const PRESTADOR = { usuario: "33-57035919-9", password: "prestador" }; // the demo provider (liquidacion.spec.ts)

async function readDownload(d: Download): Promise<Buffer> {
  const stream = await d.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The API's roster call once the snapshot is there. */
async function generated(request: APIRequestContext, path: string) {
  type Generated = { length: number; file: string; file_name: string; url: string; reg_url: string };
  return whenSnapshotReady<Generated>(request, `/api/padron_farmacia/${path}`);
}

test("generate the Diabeticos roster, download it and its Reg_; the files are listed", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  await generated(request, "beneficiarios-diabeticos"); // the snapshot is ready
  await signIn(page, ADMIN);
  await page.goto("/padron_farmacia");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Generador del Padron Farmacia", level: 2 })).toBeVisible();
  for (const name of ["Activos", "Activos Medicamentos", "Diabeticos", "Diabeticos Medicamentos"])
    await expect(page.getByRole("button", { name, exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Diabeticos", exact: true }).click();
  const ok = page.getByRole("status").filter({ hasText: "Padron generado con exito" });
  await expect(ok).toBeVisible({ timeout: 60_000 });
  const text = (await ok.textContent()) ?? "";
  const [, count, archivo] = /Diabeticos: ([\d.]+) registros \((4083C\d{12}\.txt)\)/.exec(text) ?? [];
  expect(archivo, text).toBeTruthy();
  const registros = Number(count.replace(/\./g, ""));
  expect(registros).toBeGreaterThan(0);

  const [roster] = await Promise.all([
    page.waitForEvent("download"),
    ok.getByRole("link", { name: `Descargar padrón ${archivo}` }).click(),
  ]);
  expect(roster.suggestedFilename()).toBe(archivo);
  const bytes = await readDownload(roster);
  const lines = bytes.toString("latin1").split("\r\n");
  expect(lines.pop()).toBe(""); // ends with CRLF
  expect(lines).toHaveLength(registros);
  expect(bytes.toString("latin1").replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  expect(lines.every((l) => l.split(";").length === 10 && l.endsWith(";8;100"))).toBe(true);
  // cp1252: no UTF-8 multi-byte sequence, and the demo names' accents are single bytes (Á = C1 … ñ = F1)
  expect(bytes.includes(Buffer.from([0xc3]))).toBe(false);
  expect([...bytes].some((b) => b >= 0xc0)).toBe(true);

  const [reg] = await Promise.all([
    page.waitForEvent("download"),
    ok.getByRole("link", { name: `Descargar Reg_${archivo}` }).click(),
  ]);
  expect(reg.suggestedFilename()).toBe(`Reg_${archivo}`);
  expect((await readDownload(reg)).toString("latin1")).toBe(`${registros}\r\n`);

  // the table of generated files has it, with its count
  const row = page.getByRole("table", { name: "Archivos generados" }).getByRole("row").filter({ hasText: archivo });
  await expect(row).toContainText("Diabeticos");
  await expect(row).toContainText(registros.toLocaleString("es-AR"));
});

test("API: a roster's { length, file } and the list of generated files", async ({ request }) => {
  test.setTimeout(240_000);
  const r = await generated(request, "beneficiarios-diabeticos-medicamentos");
  expect(r.file_name).toMatch(/^4083C\d{12}D\.txt$/);
  expect(r.file.split("\r\n")).toHaveLength(r.length + 1);
  const token = await adminToken(request);
  const list = await request.get("/api/padron_farmacia", { headers: { "x-auth-token": token } });
  expect(list.status()).toBe(200);
  const { archivos } = (await list.json()) as { archivos: { archivo: string; registros: number; reg_url: string }[] };
  const mine = archivos.find((a) => a.archivo === r.file_name);
  expect(mine?.registros).toBe(r.length);
  const reg = await request.get(mine!.reg_url, { headers: { "x-auth-token": token } });
  expect(reg.headers()["content-type"]).toBe("text/plain; charset=windows-1252");
  expect(await reg.text()).toBe(`${r.length}\r\n`);

  const unknown = await request.get("/api/padron_farmacia/beneficiarios-todos", { headers: { "x-auth-token": token } });
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { msg: string }).msg).toMatch(/Padrón desconocido/);
  const traversal = await request.get("/padron_farmacia/archivos/..%2F..%2Fpackage.json", {
    headers: { "x-auth-token": token },
  });
  expect(traversal.status()).toBe(404);
});

test("anonymous, `consulta` and the provider user are refused", async ({ request, browser }) => {
  expect((await request.get("/api/padron_farmacia")).status()).toBe(401);
  expect((await request.get("/api/padron_farmacia/beneficiarios-activos")).status()).toBe(401);
  for (const u of [CONSULTA, PRESTADOR]) {
    const token = await apiToken(request, u.usuario, u.password);
    for (const path of ["/api/padron_farmacia", "/api/padron_farmacia/beneficiarios-activos"]) {
      const res = await request.get(path, { headers: { "x-auth-token": token } });
      expect(res.status(), `${u.usuario} ${path}`).toBe(403);
    }
    const page = await browser.newPage();
    await login(page, u.usuario, u.password);
    await page.goto("/padron_farmacia");
    await expect(page).toHaveURL(/\/home\?sinPermiso=%2Fpadron_farmacia$/);
    const dl = await page.request.get("/padron_farmacia/archivos/4082C202611240300.txt", {
      headers: { accept: "application/json" },
    });
    expect(dl.status()).toBe(403);
    await page.close();
  }
});
