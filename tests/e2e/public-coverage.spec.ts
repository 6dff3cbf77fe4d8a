// Public coverage lookup (spec part 1 §2 'CONSULTA DE COBERTURAS ESPECIALES'): no sign-in, §4 status texts,
// 'Volver', coverage card PDF (one A5 landscape page), booklets, the shell variant, and the rate limit.
// Lookups are limited per client address: the helper below sends requests from other loopback addresses
// (127.0.0.x) so the rate-limit test does not block the other tests, which come from 127.0.0.1.
import fs from "node:fs";
import http from "node:http";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { a11yViolationIds } from "./axe";
import { ADMIN, adminToken, expectPath, waitForHydration } from "./support";

test.describe.configure({ mode: "serial" });

type Answer = { status: number; body: string; type: string };

/** An HTTP request to the app from a chosen loopback source address. */
function fromAddress(
  localAddress: string,
  method: "GET" | "POST",
  path: string,
  form?: Record<string, string>,
  extraHeaders: Record<string, string> = {},
): Promise<Answer> {
  const base = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3210");
  const data = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method,
        localAddress,
        headers: {
          ...extraHeaders,
          ...(data
            ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(data) }
            : {}),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body, type: String(res.headers["content-type"] ?? "") }),
        );
      },
    );
    req.on("error", reject);
    if (data) req.write(data);
    req.end();
  });
}

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

type Publico = {
  afiliado: { apeynom: string; numdoc: string; nroafi: string; estado: string; estado_detalle: string | null };
  coberturas: unknown[];
};
let member: Publico;

test.beforeAll(async ({ request }) => {
  // A DNI from the demo data: members with recent authorisations (admin's practice list API), checked
  // through the public API (from another loopback address) until an active one turns up.
  const token = await adminToken(request);
  const q = `fecha_desde=${daysAgo(30)}&fecha_hasta=${todayAR()}`;
  const inf = await request.get(`/api/practicas/informe?${q}`, { headers: { "x-auth-token": token } });
  expect(inf.status()).toBe(200);
  const top = ((await inf.json()) as { resultado: { practica: string; subitem: string }[] }).resultado[0];
  const lst = await request.get(
    `/api/practicas/informe/listado?${q}&practica=${top.practica}&practica_subitem=${top.subitem}&size=15`,
    {
      headers: { "x-auth-token": token },
    },
  );
  const dnis = [
    ...new Set(((await lst.json()) as { autorizaciones: { dni: string }[] }).autorizaciones.map((a) => a.dni)),
  ];
  for (const dni of dnis) {
    const res = await fromAddress("127.0.0.21", "GET", `/api/afiliado/buscarafiliadoycoberturas/${dni}`);
    if (res.status !== 200) continue;
    const body = JSON.parse(res.body) as Publico;
    if (body.afiliado.estado === "ACTIVO") {
      member = body;
      break;
    }
  }
  expect(member, "an active member among the demo DNIs").toBeTruthy();
});

test("lookup without sign-in: member block, status text, special coverages; 'Volver' clears", async ({ page }) => {
  await page.goto("/consulta-coberturas-esp");
  await expect(page.getByRole("heading", { name: "CONSULTA DE COBERTURAS ESPECIALES" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toHaveCount(0);
  await expect(page.getByText("Lunes a Viernes de 7:30 a 13 hs.")).toBeVisible();
  await page.getByLabel("DNI").fill(member.afiliado.numdoc);
  await page.getByRole("button", { name: "Consultar" }).click();
  const result = page.getByRole("region", { name: "Resultado de la consulta" });
  await expect(result.getByText(member.afiliado.apeynom, { exact: true })).toBeVisible();
  await expect(result.getByText(member.afiliado.nroafi, { exact: true })).toBeVisible();
  await expect(result.getByText("ACTIVO", { exact: true })).toBeVisible();
  if (member.afiliado.estado_detalle) await expect(result.getByText(member.afiliado.estado_detalle)).toBeVisible();
  await expect(result.getByRole("table", { name: "Coberturas especiales" })).toBeVisible();
  // the public page shows nothing else of the member
  await expect(page.getByText(/Domicilio|Teléfono|Email/i)).toHaveCount(0);

  await page.getByRole("link", { name: "Volver" }).click();
  await expect(result).toHaveCount(0);
  await expect(page.getByLabel("DNI")).toHaveValue("");
  await expectPath(page, "/consulta-coberturas-esp");
});

test("unknown and malformed DNIs show clear messages", async ({ page }) => {
  await page.goto("/consulta-coberturas-esp");
  await page.getByLabel("DNI").fill("12a");
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByText("El DNI debe tener 7 u 8 dígitos")).toBeVisible();
  await page.getByLabel("DNI").fill("1000001");
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByText("No se encontró resultado")).toBeVisible();
});

// Issue 10: spec §8 asks for the popup 'Error al obtener información' with the server message on the public lookup.
test("unknown DNI: popup 'Error al obtener información' with the server message, on both screens", async ({ page }) => {
  for (const path of ["/consulta-coberturas-esp", "/consulta-coberturas"]) {
    await page.goto(path);
    await waitForHydration(page, "form button[type=submit]");
    await page.getByLabel("DNI").fill("1000001");
    await page.getByRole("button", { name: "Consultar" }).click();
    const popup = page.getByRole("dialog", { name: "Error al obtener información" });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("No se encontró resultado");
    await popup.getByRole("button", { name: "Cerrar" }).click();
    await expect(popup).toHaveCount(0);
    await expect(page.getByLabel("DNI")).toBeVisible();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("unknown DNI: the page shows the same title and message, with a way back", async ({ page }) => {
    for (const path of ["/consulta-coberturas-esp", "/consulta-coberturas"]) {
      await page.goto(path);
      await page.getByLabel("DNI").fill("1000001");
      await page.getByRole("button", { name: "Consultar" }).click();
      const block = page.getByRole("alert").filter({ hasText: "Error al obtener información" });
      await expect(block.getByRole("heading", { name: "Error al obtener información" })).toBeVisible();
      await expect(block).toContainText("No se encontró resultado");
      await block.getByRole("link", { name: "Cerrar" }).click();
      await expectPath(page, path);
      await expect(page.getByText("Error al obtener información")).toHaveCount(0);
    }
  });
});

// Issue 10: axe 'heading-order' (moderate) on the public lookup with a result.
test("the public lookup with a result keeps the heading order", async ({ page }) => {
  await page.goto("/consulta-coberturas-esp");
  await page.getByLabel("DNI").fill(member.afiliado.numdoc);
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByRole("region", { name: "Resultado de la consulta" })).toBeVisible();
  expect(await a11yViolationIds(page)).not.toContain("heading-order");
});

// Issue 10: a valid CUIL whose check digit is 0 (demo member 14: 20-42850027-0) showed 'NO REGISTRADO…'.
test("a CUIL whose check digit is 0 is shown as registered", async ({ page, request }) => {
  const token = await adminToken(request);
  let found: { numdoc: string; cuil: string } | null = null;
  for (let id = 1; id < 200 && !found; id++) {
    const res = await request.get(`/api/afiliado/buscarporidafi/${id}`, { headers: { "x-auth-token": token } });
    if (res.status() !== 200) continue;
    const a = (
      (await res.json()) as {
        afiliado: {
          numdoc: string;
          cuil_prefijo: string | null;
          cuil_nrocentral: string | null;
          cuil_dtoverific: string | null;
        };
      }
    ).afiliado;
    if (a.cuil_dtoverific === "0" && a.cuil_prefijo && a.cuil_nrocentral)
      found = { numdoc: a.numdoc, cuil: `${a.cuil_prefijo}-${a.cuil_nrocentral}-0` };
  }
  expect(found, "a demo member whose CUIL check digit is 0").toBeTruthy();
  await page.goto("/consulta-coberturas-esp");
  await page.getByLabel("DNI").fill(found!.numdoc);
  await page.getByRole("button", { name: "Consultar" }).click();
  const result = page.getByRole("region", { name: "Resultado de la consulta" });
  await expect(result.getByText(found!.cuil, { exact: true })).toBeVisible();
  await expect(result.getByText(/NO REGISTRADO/)).toHaveCount(0);
});

test("'Descargar Carnet' downloads carnet-cobertura.pdf: one A5 landscape page", async ({ page }) => {
  await page.goto("/consulta-coberturas-esp");
  await page.getByLabel("DNI").fill(member.afiliado.numdoc);
  await page.getByRole("button", { name: "Consultar" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Descargar Carnet" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("carnet-cobertura.pdf");
  const pdf = fs.readFileSync((await download.path())!).toString("latin1");
  expect(pdf.startsWith("%PDF")).toBe(true);
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
  expect(Math.abs(Number(box?.[1]) - 595)).toBeLessThan(5);
  expect(Math.abs(Number(box?.[2]) - 420)).toBeLessThan(5);
});

test("booklet links return PDFs", async ({ page, request }) => {
  await page.goto("/consulta-coberturas-esp");
  const links = page.getByRole("navigation", { name: "Cartillas de coberturas especiales" }).getByRole("link");
  await expect(links).toHaveCount(9);
  const href = await page.getByRole("link", { name: "3 - ONCOLOGIA" }).getAttribute("href");
  expect(href).toBe("/cartillas/cartilla-3.pdf");
  for (const code of [3, 44, 45, 43, 40, 20, 8, 41, 42]) {
    const res = await request.get(`/cartillas/cartilla-${code}.pdf`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("application/pdf");
    expect((await res.body()).subarray(0, 4).toString()).toBe("%PDF");
  }
});

test("'Consulta de Coberturas' is the same screen inside the shell, still public", async ({ page }) => {
  await page.goto("/consulta-coberturas");
  await expectPath(page, "/consulta-coberturas");
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Consulta de Coberturas");
  await page.getByLabel("DNI").fill(member.afiliado.numdoc);
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(
    page.getByRole("region", { name: "Resultado de la consulta" }).getByText(member.afiliado.apeynom, { exact: true }),
  ).toBeVisible();
  await expectPath(page, "/consulta-coberturas");
});

test("the API answers only the public fields; 404 and 400 in Spanish", async () => {
  const ok = await fromAddress(
    "127.0.0.22",
    "GET",
    `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}`,
  );
  expect(ok.status).toBe(200);
  const body = JSON.parse(ok.body) as Publico;
  expect(Object.keys(body.afiliado).sort()).toEqual([
    "apeynom",
    "baperfenac",
    "cuil",
    "edad",
    "estado",
    "estado_detalle",
    "fechalta",
    "nroafi",
    "numdoc",
    "plan",
  ]);
  const nf = await fromAddress("127.0.0.22", "GET", "/api/afiliado/buscarafiliadoycoberturas/1000001");
  expect(nf.status).toBe(404);
  expect(JSON.parse(nf.body)).toEqual({ msg: "No se encontró resultado" });
  const bad = await fromAddress(
    "127.0.0.22",
    "GET",
    `/api/afiliado/buscarafiliadoycoberturas/${encodeURIComponent("' OR 1=1 --")}`,
  );
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body).msg).toBe("El DNI debe tener 7 u 8 dígitos");
  // honeypot filled: the page answers as if there were no such member
  const trap = await fromAddress("127.0.0.22", "POST", "/consulta-coberturas-esp", {
    dni: member.afiliado.numdoc,
    website: "http://spam.example",
  });
  expect(trap.status).toBe(404);
  expect(trap.body).toContain("No se encontró resultado");
  expect(trap.body).not.toContain(member.afiliado.apeynom);
});

test("too many lookups from one address: 429 and the Spanish message; other addresses unaffected", async () => {
  const me = "127.0.0.23";
  let last: Answer | null = null;
  for (let i = 0; i < 20; i++) {
    last = await fromAddress(me, "GET", `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}`);
    expect(last.status, `lookup ${i + 1}`).toBe(200);
  }
  last = await fromAddress(me, "GET", `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}`);
  expect(last.status).toBe(429);
  const msg = "Demasiadas consultas desde su dirección. Intente nuevamente en unos minutos.";
  expect(JSON.parse(last.body).msg).toBe(msg);
  // the page (plain HTML form post, no JavaScript) shows it under 'Error al obtener información'
  const page = await fromAddress(me, "POST", "/consulta-coberturas-esp", { dni: member.afiliado.numdoc, website: "" });
  expect(page.status).toBe(429);
  expect(page.body).toContain("Error al obtener información");
  expect(page.body).toContain(msg);
  expect(page.body).not.toContain(member.afiliado.apeynom);
  const other = await fromAddress(
    "127.0.0.24",
    "GET",
    `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}`,
  );
  expect(other.status).toBe(200);
});

// Issue 12 (ADR 026): the JSON call has the form's honeypot: `?website=` filled is answered as not found.
test("the API with the honeypot filled answers exactly as for an unknown DNI", async () => {
  const me = "127.0.0.26";
  const trap = await fromAddress(
    me,
    "GET",
    `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}?website=http%3A%2F%2Fspam.example`,
  );
  expect(trap.status).toBe(404);
  expect(JSON.parse(trap.body)).toEqual({ msg: "No se encontró resultado" });
  const ok = await fromAddress(me, "GET", `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}?website=`);
  expect(ok.status).toBe(200);
});

// Issue 12 (ADR 026): signed-in staff on /consulta-coberturas are not counted against the address's allowance.
test("a signed-in user looks up from an address that has used its allowance; anonymous lookups stay refused", async ({
  page,
  signIn,
}) => {
  const me = "127.0.0.25";
  const api = `/api/afiliado/buscarafiliadoycoberturas/${member.afiliado.numdoc}`;
  for (let i = 0; i < 20; i++) expect((await fromAddress(me, "GET", api)).status, `lookup ${i + 1}`).toBe(200);
  expect((await fromAddress(me, "GET", api)).status).toBe(429);
  await signIn(page, ADMIN);
  const cookie = (await page.context().cookies())
    .filter((c) => c.name === "osep_sesion")
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  expect(cookie).not.toBe("");
  const form = { dni: member.afiliado.numdoc, website: "" };
  for (let i = 0; i < 3; i++) {
    const staff = await fromAddress(me, "POST", "/consulta-coberturas", form, { Cookie: cookie });
    expect(staff.status, `staff lookup ${i + 1}`).toBe(200);
    expect(staff.body).toContain(member.afiliado.apeynom);
  }
  const anonymous = await fromAddress(me, "POST", "/consulta-coberturas", form);
  expect(anonymous.status).toBe(429);
  expect(anonymous.body).not.toContain(member.afiliado.apeynom);
});
