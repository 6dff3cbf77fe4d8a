// 'OSEP / Tiempos de Auditoria Médica' (/osep-tiempos-auditoria, docs/decisions/013): admin picks the last 30
// days (the demo seed audits on weekdays), 'Ver Estadísticas' shows the pie 'Autorizaciones por Auditor' and the
// general table (matching the API), 'Info por Auditor' / 'Volver a Tabla General' switch views, links open the
// dialogs; 'consulta' lacks the screen and goes to /home; the API answers bad input with a Spanish msg.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, adminToken, createThrowawayUser, expectPath, login, waitForHydration } from "./support";
import { cellsOf, gridOf, gridRows } from "./grid-support";

/** Profile 10 'AUDITORIA MEDICA' (db/reference.ts) has the screen but not operation 34 (refresh). */
const PROFILE_AUDITORIA = 10;

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);
const SCREEN = "/osep-tiempos-auditoria";

/** The first snapshot may still be building right after the server starts: reload until 'Datos al' shows. */
async function waitForSnapshot(page: Page) {
  await expect(async () => {
    await page.goto(SCREEN);
    await expect(page.getByText(/^Datos al \d{2}\/\d{2}\/\d{4}/)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [2000] });
}

async function userFor(who: string, request: APIRequestContext) {
  if (who === "admin") return { usuario: ADMIN.usuario, password: ADMIN.password };
  return createThrowawayUser(request, { perfil: PROFILE_AUDITORIA });
}

for (const who of ["admin", "AUDITORIA MEDICA"])
  test(`${who} sees the statistics of a period, the pie, both tables and the dialogs`, async ({ page, request }) => {
    const desde = daysAgo(30);
    const hasta = todayAR();
    const user = await userFor(who, request);
    await login(page, user.usuario, user.password);
    await waitForSnapshot(page);
    await expect(page.getByRole("button", { name: "Actualizar datos" })).toHaveCount(who === "admin" ? 1 : 0);
    await expect(page.getByRole("banner").getByRole("heading")).toHaveText("OSEP / Tiempos de Auditoria Médica");
    await expect(page.getByLabel("Fecha Desde")).toHaveValue(hasta); // default: today..today
    await expect(page.getByLabel("Fecha Hasta")).toHaveValue(hasta);

    const token = await adminToken(request);
    const api = await request.get(
      `/api/statistics/estadisticas-generales?fecha_desde=${desde}&fecha_hasta=${hasta}&auditor=`,
      {
        headers: { "x-auth-token": token },
      },
    );
    expect(api.status()).toBe(200);
    const body = (await api.json()) as {
      estadisticas: {
        auditor: string;
        datos: { cantidad_autorizaciones: number; autorizacion_con_tiempo_min: number };
      }[];
    };
    expect(body.estadisticas.length).toBeGreaterThan(2);
    const equipo = body.estadisticas[0];
    expect(equipo.auditor).toBe("equipo");

    await waitForHydration(page, "form button[type=submit]");
    await page.getByLabel("Fecha Desde").fill(desde);
    await page.getByRole("button", { name: "Ver Estadísticas" }).click();
    await expect(page).toHaveURL(new RegExp(`fecha_desde=${desde}`));

    // the one DataGrid (ADR 059): AG Grid, the team's row pinned first
    const general = gridOf(page, "Tabla General");
    await expect(general.getByRole("grid")).toBeVisible();
    await expect(gridRows(page, "Tabla General")).toHaveCount(body.estadisticas.length); // equipo + auditors
    const equipoRow = gridRows(page, "Tabla General").first();
    await expect(cellsOf(equipoRow).first()).toHaveText("Equipo");
    await expect(cellsOf(equipoRow).nth(1)).toHaveText(equipo.datos.cantidad_autorizaciones.toLocaleString("es-AR"));

    const pie = page.getByRole("figure", { name: "Autorizaciones por Auditor" });
    await expect(pie).toBeVisible();
    await expect(pie.getByTestId("aud-torta-chart").locator("svg").first()).toBeVisible();
    await expect(pie.getByRole("listitem")).toHaveCount(body.estadisticas.length - 1);

    // the team's audited authorisations in a dialog
    await equipoRow.getByRole("link", { name: /autorizaciones auditadas de Equipo/ }).click();
    const listado = page.getByRole("dialog", { name: "Autorizaciones auditadas del equipo" });
    await expect(listado).toBeVisible();
    await expect(listado.getByRole("columnheader", { name: "Fecha y hora de auditoría" })).toBeVisible();
    expect(await listado.getByRole("row").count()).toBeGreaterThan(1);
    // a page of 100 at a time (ADR 075): the month's team is hundreds of rows
    if (equipo.datos.cantidad_autorizaciones > 100) {
      await expect(listado.getByRole("row")).toHaveCount(101);
      const pager = listado.getByRole("navigation", { name: "Páginas de autorizaciones auditadas" });
      await pager.getByRole("button", { name: "Siguiente" }).click();
      await expect(pager).toContainText("2 de");
    }
    await page.keyboard.press("Escape");
    await expect(listado).toHaveCount(0);

    // per-auditor view: every metric, coloured shift cells with text
    await page.getByRole("link", { name: "Info por Auditor" }).click();
    const detalle = gridOf(page, "Info por Auditor");
    await expect(detalle.getByRole("grid")).toBeVisible();
    for (const h of [
      "Tiempo promedio",
      "Inicio de autorizaciones",
      "Cierre de autorizaciones",
      "Interrupción máxima",
      "Tiempo muerto máximo",
      "Tiempo total de interrupciones",
    ]) {
      await expect(detalle.getByRole("columnheader", { name: h })).toBeVisible();
    }
    await expect(detalle.getByText(/En horario|Demora moderada|Demora excesiva/).first()).toBeVisible();
    await expect(page).toHaveURL(/vista=auditor/);

    // an authorisation dialog from the min-time link of the team row
    const nro = equipo.datos.autorizacion_con_tiempo_min;
    await gridRows(page, "Info por Auditor")
      .first()
      .getByRole("link", { name: `Ver la autorización ${nro} (tiempo mínimo)` })
      .click();
    const aut = page.getByRole("dialog", { name: `Autorización N° ${nro}` });
    await expect(aut).toBeVisible();
    await expect(aut.getByText("Fecha y hora de auditoría")).toBeVisible();
    await aut.getByRole("button", { name: "Cerrar" }).click();
    await expect(aut).toHaveCount(0);
    await expect(detalle).toBeVisible();

    await page.getByRole("link", { name: "Volver a Tabla General" }).click();
    await expect(gridOf(page, "Tabla General")).toBeVisible();
    await expect(gridOf(page, "Info por Auditor")).toHaveCount(0);
  });

test("an inverted period shows 'Error al obtener información'; the API answers 400 with the msg", async ({
  page,
  request,
}) => {
  const user = await userFor("AUDITORIA MEDICA", request);
  await login(page, user.usuario, user.password);
  await page.goto(`${SCREEN}?fecha_desde=${todayAR()}&fecha_hasta=${daysAgo(3)}`);
  // the popup hides after 2 s (spec §9); the message under 'Fecha Hasta' stays
  await expect(page.getByRole("alert")).toContainText(
    /Error al obtener información\s*La fecha desde no puede ser posterior a la fecha hasta/,
  );
  await expect(page.getByText("La fecha desde no puede ser posterior a la fecha hasta")).toHaveCount(1, {
    timeout: 5000,
  });
  await expect(page.getByRole("alert").filter({ hasText: "Error al obtener información" })).toHaveCount(0);
  const token = await adminToken(request);
  const res = await request.get("/api/statistics/estadisticas-generales?auditor=", {
    headers: { "x-auth-token": token },
  });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { msg: string }).msg).toBe("Debe indicar el período (fecha desde y fecha hasta)");
});

test("consulta lacks the screen and is redirected to /home", async ({ page, signIn }) => {
  await signIn(page, CONSULTA);
  await page.goto(SCREEN);
  await expectPath(page, "/home");
});
