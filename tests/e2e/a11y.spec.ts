// Accessibility (issue 10): axe-core over every built screen, in the states a person reaches (results, member
// detail tabs, dialogs), signed in as admin; no serious or critical violation may come back. Reaching each state
// follows the screens' own specs.
import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken, waitForHydration } from "./support";
import { gridRows } from "./grid-support";
import { fichaConAlumnos, studentMember, teacherDni } from "./mae-support";

/**
 * No serious or critical axe violation on the page (what tests/e2e/axe.ts asserts), as a soft assertion: the
 * test goes on to the next state of the screen, so one run lists every violation, and still fails at the end.
 */
async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(" | ")}`,
    );
  expect.soft(serious, `axe on ${page.url()}`).toEqual([]);
}

// Each test visits several states and axe takes seconds per page on a loaded machine.
test.describe.configure({ timeout: 180_000 });

const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url, { headers: { "x-auth-token": await adminToken(request) } });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A member with a stay that has authorisations (as in members-authorisations.spec.ts). */
async function memberWithStay(request: APIRequestContext): Promise<{ idafi: number; nro: number }> {
  type Auth = { idafi: number; nrointernacion: number | null };
  const { autorizaciones } = await getJson<{ autorizaciones: Auth[] }>(
    request,
    "/api/afiliado/autorizaciones?consultaGlobal=true",
  );
  const withStay = autorizaciones.find((a) => a.nrointernacion != null);
  expect(withStay, "an inpatient authorisation among the latest").toBeTruthy();
  return { idafi: withStay!.idafi, nro: withStay!.nrointernacion! };
}

async function memberDetail(request: APIRequestContext, idafi: number) {
  return getJson<{ afiliado: { idafi: number; numdoc: string } }>(request, `/api/afiliado/buscarporidafi/${idafi}`);
}

/** Reporting screens need the start-up snapshot: reload until 'Datos al' shows. */
async function gotoReport(page: Page, path: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(/Datos al \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 150_000, intervals: [2000] });
  await waitForHydration(page);
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test("login page", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByRole("button", { name: "Ingresar al sistema" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("public lookups: Consulta Coberturas Especiales with a result, Consulta de Coberturas", async ({
  page,
  request,
}) => {
  const { idafi } = await memberWithStay(request);
  const { afiliado } = await memberDetail(request, idafi);
  await open(page, "/consulta-coberturas-esp");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("DNI").fill(afiliado.numdoc.trim());
  await page.getByRole("button", { name: "Consultar" }).click();
  await expect(page.getByRole("region", { name: "Resultado de la consulta" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await open(page, "/consulta-coberturas");
  await expectNoSeriousA11yViolations(page);
});

test.describe("signed in as admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
  });

  test("shell and simple screens: /home, /acerca-de, /change-password, /nueva-ficha", async ({ page }) => {
    for (const path of ["/home", "/acerca-de", "/change-password", "/nueva-ficha"]) {
      await open(page, path);
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("the drawer as an overlay on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/home");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("banner").getByRole("button", { name: "Mostrar menú" }).click();
    await expect(page.getByRole("navigation", { name: "Menú principal" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Consulta de Padrón: a search result and the member detail with its tabs (Aportes, Internaciones and its dialog, Ficha de Consumo)", async ({
    page,
    request,
  }) => {
    const { idafi, nro } = await memberWithStay(request);
    const { afiliado } = await memberDetail(request, idafi);
    await open(page, "/consultar-padron");
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Ingrese el DNI").fill(afiliado.numdoc.trim());
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(
      page.getByRole("table", { name: "Resultados de la búsqueda" }).locator("tbody tr").first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const dialog = page.getByRole("dialog");
    for (const tab of [
      "",
      "tab=notas",
      "tab=consumo",
      "tab=internaciones",
      "tab=aportes",
      "tab=laborales",
      "tab=expedientes",
    ]) {
      await open(page, `/consultar-padron/${idafi}?metodo=dni${tab ? `&${tab}` : ""}`);
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }

    await open(page, `/consultar-padron/${idafi}?metodo=dni&tab=internaciones`);
    await page.getByRole("link", { name: `Internación N° ${nro}: ver autorizaciones` }).click();
    await expect(page.getByRole("dialog", { name: `Listado de autorizaciones - Internación N° ${nro}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Listados de afiliados with results", async ({ page }) => {
    await open(page, "/listado-afiliados");
    await expect(page.getByRole("table", { name: "Listado de afiliados" }).locator("tbody tr")).toHaveCount(20);
    await expectNoSeriousA11yViolations(page);
  });

  test("Buscar Ficha with results and a detail open", async ({ page }) => {
    await open(page, "/buscar-ficha?organoId=-1&estado_ficha=INGRESO");
    const table = page.getByRole("table", { name: "Listado de Fichas" });
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await table.getByRole("link", { name: "Ver ficha" }).first().click();
    await expect(page.getByRole("dialog", { name: /^Ficha \d+/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Consulta de Prácticas with results and 'Ver Listado'", async ({ page }) => {
    await open(page, `/informes-practicas?buscar=1&fecha_desde=${daysAgo(14)}&fecha_hasta=${todayAR()}`);
    const cards = page.getByRole("list", { name: "Prácticas" }).getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await cards
      .first()
      .getByRole("link", { name: /Ver Listado/ })
      .click();
    await expect(page.getByRole("dialog", { name: /^Listado de autorizaciones - / })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Tiempos de Auditoria with results, the per-auditor view and a dialog", async ({ page }) => {
    test.setTimeout(240_000);
    await gotoReport(page, `/osep-tiempos-auditoria?fecha_desde=${daysAgo(30)}&fecha_hasta=${todayAR()}`);
    // the one DataGrid (ADR 059): AG Grid, the team's row first
    await expect(gridRows(page, "Tabla General").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await gridRows(page, "Tabla General")
      .first()
      .getByRole("link", { name: /autorizaciones auditadas de Equipo/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Autorizaciones auditadas del equipo" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Info por Auditor" }).click();
    await expect(gridRows(page, "Info por Auditor").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Consumos por Prestador: both tabs with results", async ({ page, request }) => {
    test.setTimeout(240_000);
    const desde = daysAgo(30);
    const hasta = todayAR();
    await gotoReport(page, "/consumos-por-prestador");
    type Ranking = { codigo: string };
    const { resultado } = await getJson<{ resultado: Ranking[] }>(
      request,
      `/api/statistics/consumos/ranking-consumos-por-efector?fecha_desde=${desde}&fecha_hasta=${hasta}`,
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Código de Efector").fill(resultado[0].codigo);
    await page.getByLabel("Fecha Desde").fill(desde);
    await page.getByLabel("Fecha Hasta").fill(hasta);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(gridRows(page, "Prácticas consumidas").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await gridRows(page, "Prácticas consumidas").first().getByRole("link").first().click();
    await expect(page.getByRole("dialog", { name: /^Autorizaciones - / })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");

    await page.getByRole("tab", { name: "Ranking de Consumos" }).click();
    await expect(page).toHaveURL(/tab=ranking/);
    await page.getByLabel("Fecha Desde").fill(desde);
    await page.getByLabel("Fecha Hasta").fill(hasta);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(gridRows(page, "Ranking de consumos por efector").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Buscar Afiliados Enrolados with results", async ({ page }) => {
    test.setTimeout(240_000);
    await gotoReport(page, "/consultar-padron-onco");
    await expect(gridRows(page, "Afiliados enrolados").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // at 390 px the filters wrap and only the table scrolls sideways: the page itself does not
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/consultar-padron-onco?page=1");
    const pager = page.getByRole("navigation", { name: "Paginación de enrolados" });
    await pager.scrollIntoViewIfNeeded();
    await expect(pager.getByRole("link", { name: "Atrás" })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Buscar" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });

  test("Preliquidación with a Listado", async ({ page }) => {
    test.setTimeout(240_000);
    const responsable = "33-57035919-9"; // the first seeded responsable (liquidacion.spec.ts)
    await gotoReport(
      page,
      `/liquidacion-prestadores?fecha_desde=${daysAgo(30)}&fecha_hasta=${todayAR()}&responsable=${responsable}`,
    );
    await expect(page.getByRole("heading", { name: "Listado" })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Listado" })
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell") })
        .first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Padrón Voluntarios with its grid, and on a phone (390 px)", async ({ page }) => {
    await gotoReport(page, "/padron_voluntarios?estado=TODOS");
    const grid = page.getByRole("region", { name: "Afiliados voluntarios" });
    await expect(
      grid
        .getByRole("row")
        .filter({ has: page.getByRole("gridcell") })
        .first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("button", { name: "Listar" })).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  });

  test("Generador del Padron Farmacia after generating a roster", async ({ page }) => {
    test.setTimeout(240_000);
    await gotoReport(page, "/padron_farmacia");
    await page.getByRole("button", { name: "Diabeticos", exact: true }).click();
    await expect(page.getByText("Padron generado con exito")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("table", { name: "Archivos generados" }).locator("tbody tr").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("on a phone (390 px) the wide tables scroll sideways and stay reachable: Aportes, Registro de Auditoría", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { idafi } = await memberWithStay(request);
    await open(page, `/consultar-padron/${idafi}?metodo=dni&tab=aportes`);
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await open(page, "/registro-auditoria");
    const table = page.getByRole("table", { name: "Registro de auditoría" });
    await expect(table.locator("tbody tr").first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Registro de auditoría" })).toHaveAttribute("tabindex", "0");
    await expectNoSeriousA11yViolations(page);
  });

  test("MAE: Listado MAE, Registro MAE new and with students, a new student card, a confirmation, the migration", async ({
    page,
    request,
  }) => {
    await open(page, "/listado-mae");
    const rows = page.getByRole("table", { name: "Listado MAE" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // A seeded ficha with students (inactive ones too in the demo data).
    const withStudents = rows.filter({ has: page.getByRole("list") }).first();
    const view = await withStudents.getByRole("link", { name: /^Ver la ficha de / }).getAttribute("href");
    const migrate = await withStudents.getByRole("link", { name: /^Migrar/ }).getAttribute("href");
    await open(page, "/regmae");
    await expectNoSeriousA11yViolations(page);
    await open(page, view!);
    await expect(page.getByRole("heading", { name: /^Alumnos \(\d+\)$/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Agregar Alumno" }).click();
    await expect(page.getByRole("form", { name: "Nuevo alumno 1" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Eliminar MAE" }).click();
    await expect(page.getByRole("alertdialog", { name: "¿Estás seguro de eliminar la ficha MAE?" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await open(page, migrate!);
    await expectNoSeriousA11yViolations(page);
    // Issue 28: the read-only ficha after a save (its note, 'Modificar', the locked fields) and the migration's
    // students, at 1366 px and on a phone (390 px).
    const dni = teacherDni();
    const ficha = await fichaConAlumnos(request, dni, [await studentMember(request), await studentMember(request)]);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await open(page, `/regmae/${ficha.id}?ok=modificada`);
      await expect(page.getByRole("note")).toBeVisible();
      await expect(page.getByRole("dialog")).toBeHidden();
      await expectNoSeriousA11yViolations(page);
      await open(page, `/regmae/2025/${dni}/PRUEBA/PROFESOR`);
      await expect(page.getByRole("group", { name: /^Alumnos activos de la ficha 2024/ })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await open(page, "/regmae");
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("Asignacion de Turnos and Consulta de Turnos: the grid (also 390 px wide), both dialogs, the results", async ({
    page,
  }) => {
    // A weekday 3–5 days ahead: the seed has free, ASIGNADO and CONFIRMADO slots there. Nothing is saved.
    let ahead = 3;
    while ([0, 6].includes(new Date(`${daysAgo(-ahead)}T00:00:00Z`).getUTCDay())) ahead++;
    const fecha = daysAgo(-ahead);
    await open(page, `/turnos?tipo_tramite=AFILIACIONES&fecha_turno=${fecha}`);
    const grid = page.getByRole("table", { name: /^Turnos de AFILIACIONES/ });
    await expect(grid).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await grid
      .getByRole("link", { name: /^Disponible, / })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: "Asignar turno" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await grid
      .getByRole("link", { name: / - CONFIRMADO, / })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: /^Detalle del turno/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await open(page, `/listado-turnos?buscar=fecha&fecha=${fecha}&tipo_tramite=TODOS`);
    const rows = page.getByRole("table", { name: "Turnos encontrados" }).locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await rows.first().getByRole("link").click();
    await expect(page.getByRole("dialog", { name: /^Detalle del turno/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `/turnos?tipo_tramite=AFILIACIONES&fecha_turno=${fecha}`);
    await expect(page.getByRole("region", { name: "Grilla de turnos" })).toHaveAttribute("tabindex", "0");
    await expectNoSeriousA11yViolations(page);
  });

  test("Perfiles: the table, the edit dialog, the operations and screens transfer lists (also at 390 px)", async ({
    page,
  }) => {
    await open(page, "/perfiles");
    await expect(page.getByRole("table", { name: "Perfiles" }).locator("tbody tr").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const dialogo of ["editar", "operaciones", "pantallas"]) {
      await open(page, `/perfiles?dialogo=${dialogo}&id=2`);
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/perfiles?dialogo=operaciones&id=1");
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Registro de Auditoría", async ({ page }) => {
    await open(page, "/registro-auditoria");
    await expect(page.getByRole("table", { name: "Registro de auditoría" }).locator("tbody tr").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("Padrón de Profesionales: the form, results with the pager (also at 390 px)", async ({ page }) => {
    await open(page, "/padron-profesionales");
    await expect(page.getByRole("button", { name: "Buscar" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await open(page, "/padron-profesionales?nombre=&apellido=&matricula=&colegio=TODOS");
    await expect(page.getByRole("table", { name: "Padrón de profesionales" }).locator("tbody tr")).toHaveCount(5);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/padron-profesionales?colegio=TODOS&page=1");
    await expect(page.getByRole("navigation", { name: "Paginación del padrón" })).toContainText("Página 2 de");
    await expectNoSeriousA11yViolations(page);
  });

  test("CAPA: the form with a household row and its error dialog, a record, the list (also at 390 px)", async ({
    page,
  }) => {
    await open(page, "/regcapa");
    await page.getByRole("button", { name: "Agregar integrante" }).click();
    await expect(page.getByRole("group", { name: "Integrante 1" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const afiliado = page.getByRole("region", { name: "Afiliado" });
    await afiliado.getByLabel(/^DNI/).fill("1000001");
    await afiliado.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("dialog", { name: "No existe un afiliado con ese DNI" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await open(page, "/listado-capa?fecha_desde=2021-01-01&fecha_hasta=2022-12-31");
    await expect(page.getByRole("table").locator("tbody tr").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole("link", { name: /^Modificar registro N° \d+/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/regcapa\/\d+$/);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSeriousA11yViolations(page);
  });

  test("Consulta de Expedientes and Consulta de Vademecum: results, the 3-character dialog, 390 px wide", async ({
    page,
  }) => {
    await open(page, "/tramites?tipo_documento=NOTA");
    await expect(
      page.getByRole("table", { name: "Expedientes encontrados" }).locator("tbody tr").first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await open(page, "/consulta-vademecum?search=true&droga=ibuprofeno");
    await expect(
      page.getByRole("table", { name: "Resultados del vademecum" }).locator("tbody tr").first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Droga").fill("ib");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByRole("dialog", { name: "Los filtros no pueden estar vacios" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/consulta-vademecum?search=true&droga=ibuprofeno");
    await expectNoSeriousA11yViolations(page);
    await open(page, "/tramites");
    await expectNoSeriousA11yViolations(page);
  });

  test("Administracion de usuario: the table, the create, edit and reset dialogs (also at 390 px)", async ({
    page,
  }) => {
    await open(page, "/users");
    await expect(page.getByRole("table", { name: "Usuarios" }).locator("tbody tr").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Nuevo usuario" }).click();
    await expect(page.getByRole("dialog", { name: "Nuevo usuario" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("El nombre es obligatorio")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await open(page, "/users?q=admin");
    await page.getByRole("link", { name: "Modificar usuario admin", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Modificar usuario" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await open(page, "/users?q=admin");
    await page.getByRole("link", { name: "Resetear contraseña de admin", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Resetear contraseña" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/users");
    await expectNoSeriousA11yViolations(page);
  });
});
