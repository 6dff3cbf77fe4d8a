// 'Consulta de Turnos' (spec part 2 §2, §5): a turno found by the member's DNI and by its date (with the procedure
// type, TODOS by default), '-' refused, an empty DNI or date ignored, the row opening the detail/status dialog for
// operation 21, and the Excel export of the same search (parsed back). The turno is assigned through the API on a day
// and type of this spec's own (tests/e2e/turnos-support.ts).
import fs from "node:fs";
import ExcelJS from "exceljs";
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, CONSULTA, expectPath, waitForHydration } from "./support";
import {
  ar,
  assignByApi,
  freeSlots,
  memberForTurnos,
  nro,
  weekdayAhead,
  type Member,
  type Slot,
} from "./turnos-support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const TIPO = "CREDENCIALES";
let slot: Slot;
let member: Member;

async function open(page: Page, url = "/listado-turnos") {
  await page.goto(url);
  await waitForHydration(page);
}

const table = (page: Page) => page.getByRole("table", { name: "Turnos encontrados" });
/** The row of this spec's turno (its number, date and type; the member may have others). */
const rowOf = (page: Page) =>
  table(page)
    .getByRole("row")
    .filter({ hasText: member.dni })
    .filter({ hasText: ar(slot.fecha_turno) })
    .filter({ hasText: TIPO })
    .filter({ has: page.getByRole("cell", { name: nro(slot.nro_turno), exact: true }) });

test.beforeAll(async ({ request }) => {
  const fecha = weekdayAhead(9);
  [slot] = await freeSlots(request, TIPO, fecha);
  member = await memberForTurnos(request, 67);
  const res = await assignByApi(request, slot, member.idafi);
  expect(res.status(), await res.text()).toBe(200);
});

test.describe("as admin", () => {
  test.beforeEach(async ({ page, signIn }) => {
    await signIn(page, ADMIN);
  });

  test("by DNI and by date, with the procedure type; '-' refused; an empty DNI or date searches nothing", async ({
    page,
  }) => {
    await open(page);
    await expect(page.getByLabel("Tipo de trámite")).toHaveValue("TODOS");

    // An empty DNI: nothing is searched, nothing is refused.
    await page.getByRole("button", { name: "Buscar por DNI" }).click();
    await expect(page).toHaveURL(/buscar=dni/);
    await expect(table(page)).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);

    await page.getByLabel(/^DNI/).fill(member.dni);
    await page.getByRole("button", { name: "Buscar por DNI" }).click();
    await expect(
      rowOf(page)
        .filter({ hasText: ar(slot.fecha_turno) })
        .filter({ hasText: slot.hora_turno }),
    ).toHaveCount(1);
    await expect(page.getByText("Click sobre el turno para ver detalle")).toBeVisible();

    // By date, the type narrowed to CREDENCIALES: the row is there, another type's rows are not.
    await page.getByLabel("Fecha del turno").fill(slot.fecha_turno);
    await page.getByLabel("Tipo de trámite").selectOption(TIPO);
    await page.getByRole("button", { name: "Buscar por Fecha" }).click();
    await expect(rowOf(page)).toHaveCount(1);
    await expect(table(page).getByRole("row").filter({ hasText: "AFILIACIONES" })).toHaveCount(0);
    await expect(page).toHaveURL(
      (u) =>
        u.searchParams.get("buscar") === "fecha" &&
        u.searchParams.get("fecha") === slot.fecha_turno &&
        u.searchParams.get("tipo_tramite") === TIPO,
    );

    // '-' is refused with a message.
    await page.getByLabel("Tipo de trámite").selectOption("-");
    await page.getByRole("button", { name: "Buscar por Fecha" }).click();
    await expect(page.getByText("Debe seleccionar un tipo de trámite")).toBeVisible();
    await expect(table(page)).toHaveCount(0);

    // An empty date: nothing is searched.
    await open(page, "/listado-turnos?buscar=fecha&fecha=&tipo_tramite=TODOS");
    await expect(table(page)).toHaveCount(0);
  });

  test("a row opens the turno's detail/status dialog (operation 21); closing it keeps the search", async ({ page }) => {
    await open(page, `/listado-turnos?buscar=dni&dni=${member.dni}&tipo_tramite=${TIPO}`);
    await rowOf(page).getByRole("cell").nth(4).click();
    const dialog = page.getByRole("dialog", { name: `Detalle del turno ${nro(slot.nro_turno)}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(member.apeynom)).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "CONFIRMADO" })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: "CANCELADO" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]turno=/);
    await expect(rowOf(page)).not.toHaveCount(0);
  });

  test("Exportar a Excel downloads the search's turnos (parsed back)", async ({ page }) => {
    await open(page, `/listado-turnos?buscar=fecha&fecha=${slot.fecha_turno}&tipo_tramite=${TIPO}`);
    const shown = await table(page).locator("tbody tr").count();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar a Excel" }).click();
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toBe("turnos.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet("Turnos")!;
    expect(ws.actualRowCount).toBe(shown + 1);
    expect(ws.getRow(1).getCell(1).value).toBe("TURNO");
    const dnis = ws.getColumn(6).values.map(String);
    expect(dnis).toContain(member.dni);
  });
});

test("a profile without the screen (consulta) is sent to /home, told why; signed out, to the login", async ({
  page,
  signIn,
}) => {
  await page.goto("/listado-turnos");
  await expectPath(page, "/");
  await signIn(page, CONSULTA);
  await page.goto("/listado-turnos");
  await expectPath(page, "/home");
  await page.goto("/turnos");
  await expectPath(page, "/home");
  const res = await page.request.get("/listado-turnos/exportar.xlsx?buscar=dni&dni=12345678", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toBe("/home?sinPermiso=%2Flistado-turnos");
});
