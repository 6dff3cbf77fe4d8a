// 'OSEP / Tiempos de Auditoria Médica' without JavaScript (issue 10): 'Ver Estadísticas' with the default dates
// is a plain GET form and answers the tables (or the empty message), never the error page; a single day with an
// auditor who audited once shows '-' for the interruption that does not exist; a dialog opens as a section.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, expectPath } from "./support";
import { headerLabel } from "./grid-support";

const SCREEN = "/osep-tiempos-auditoria";
const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

type Fila = { auditor: string; datos: { cantidad_autorizaciones: number } };

test("default dates and a single day work as plain HTML, '-' where a metric does not exist", async ({
  page,
  request,
  signIn,
}) => {
  const headers = { "x-auth-token": await adminToken(request) };
  const filasDe = async (dia: string) => {
    const r = await request.get(
      `/api/statistics/estadisticas-generales?fecha_desde=${dia}&fecha_hasta=${dia}&auditor=`,
      { headers },
    );
    expect(r.status()).toBe(200);
    return ((await r.json()) as { estadisticas: Fila[] }).estadisticas;
  };
  await signIn(page, ADMIN);
  await expectPath(page, "/home");

  await expect(async () => {
    await page.goto(SCREEN);
    await expect(page.getByText(/^Datos al \d{2}\/\d{2}\/\d{4}/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [2000] });
  const hoy = todayAR();
  const hoyFilas = await filasDe(hoy);
  await page.getByRole("button", { name: "Ver Estadísticas" }).click();
  await expect(page).toHaveURL(new RegExp(`fecha_desde=${hoy}&fecha_hasta=${hoy}`));
  await expect(page.getByText("Ocurrió un error inesperado")).toHaveCount(0);
  if (hoyFilas.length)
    await expect(page.getByRole("table", { name: "Tabla General" }).getByRole("row")).toHaveCount(hoyFilas.length + 1);
  else await expect(page.getByText("No hay auditorías en el período")).toBeVisible();

  let dia = "";
  let auditor = "";
  for (let n = 0; n < 14 && !auditor; n++) {
    const f = (await filasDe(daysAgo(n))).find((x) => x.auditor !== "equipo" && x.datos.cantidad_autorizaciones === 1);
    if (f) [dia, auditor] = [daysAgo(n), f.auditor];
  }
  expect(auditor, "an auditor with a single audit on a day of the last two weeks").not.toBe("");
  const res = await page.goto(`${SCREEN}?fecha_desde=${dia}&fecha_hasta=${dia}&vista=auditor`);
  expect(res?.status()).toBe(200);
  const detalle = page.getByRole("table", { name: "Info por Auditor" });
  const headersText = (await detalle.getByRole("columnheader").allTextContents()).map(headerLabel);
  const row = detalle.getByRole("row").filter({ has: page.getByRole("cell", { name: auditor, exact: true }) });
  await expect(row.getByRole("cell").nth(headersText.indexOf("Interrupción máxima"))).toHaveText("-");
  await expect(row.getByRole("cell").nth(headersText.indexOf("Interrupciones mayores a 15 min"))).toHaveText("0");

  await row.getByRole("link", { name: `Ver la 1 autorización auditada de ${auditor}` }).click();
  const section = page.getByRole("region", { name: `Autorizaciones auditadas de ${auditor}` });
  await expect(section.getByRole("row")).toHaveCount(2);
  await section.getByRole("link", { name: "Cerrar" }).click();
  await expect(section).toHaveCount(0);
});
