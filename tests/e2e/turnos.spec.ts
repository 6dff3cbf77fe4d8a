// 'Asignacion de Turnos' with JavaScript (spec part 2 §2, §4, §5, §8, §9): the day's grid from the form, a free slot
// assigned to a member through the dialog (DNI search), confirmed in 'Consulta de Turnos' and set ATENDIDO from its
// CONFIRMADO chip by admin (operation 26); AFILIACIONES for a person who is not a member; the loser of a race gets
// 'El turno ya fue asignado' in a dialog that keeps what was typed and saves it into another free slot; the chips re-evaluated every 60 s on a fake clock; the
// previous/next day buttons; the grid usable 390 px wide. Types and days: tests/e2e/turnos-support.ts.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, adminToken } from "./support";
import {
  ar,
  assignByApi,
  cellName,
  freeSlots,
  grid,
  gridUrl,
  memberForTurnos,
  addDaysAR,
  nro,
  todayAR,
  weekdayAhead,
  weekdayOfAR,
  open,
  dialog,
} from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("assign a free slot to a member, confirm it in Consulta de Turnos, then ATENDIDO from its CONFIRMADO chip", async ({
  page,
  request,
}) => {
  const fecha = weekdayAhead(5);
  const tipo = "REINTEGROS";
  const [slot] = await freeSlots(request, tipo, fecha);
  const member = await memberForTurnos(request, 61);

  // The form: '-Seleccione-' first, the date, the weekday, 'Ver Turnos'.
  await open(page, "/turnos");
  await expect(page.getByRole("heading", { level: 1, name: "Asignacion de Turnos" })).toBeVisible();
  const tipoSelect = page.getByLabel("Tipo de trámite");
  await expect(tipoSelect.locator("option").first()).toHaveText("-Seleccione-");
  await tipoSelect.selectOption(tipo);
  await page.getByLabel("Fecha", { exact: true }).fill(fecha);
  const weekday = new Date(`${fecha}T12:00:00Z`).toLocaleDateString("es-AR", { weekday: "long", timeZone: "UTC" });
  await expect(page.getByLabel("Día", { exact: true })).toHaveValue(weekday);
  await page.getByRole("button", { name: "Ver Turnos" }).click();
  await expect(page).toHaveURL(new RegExp(`tipo_tramite=${tipo}&fecha_turno=${fecha}`));
  await expect(grid(page)).toBeVisible();
  await expect(grid(page).getByRole("columnheader", { name: "Puesto 2" })).toBeVisible();

  // The assignment dialog: a DNI is needed to search, a member to save.
  await grid(page)
    .getByRole("link", { name: cellName("Disponible", slot) })
    .click();
  const asignar = dialog(page, "Asignar turno");
  await expect(asignar).toBeVisible();
  await expect(asignar.getByLabel("Tipo de trámite")).toHaveValue(tipo);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByText("El DNI es obligatorio")).toBeVisible();
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(asignar.getByText("Debe buscar un afiliado")).toBeVisible();
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await expect(asignar.getByLabel("Apellido y Nombre")).not.toBeEditable();
  await asignar.getByLabel("Observación").fill("PRUEBA E2E TURNOS");
  await asignar.getByRole("button", { name: "Guardar" }).click();

  await expect(page.getByText("Turno asignado con exito!")).toBeVisible();
  await expect(asignar).toBeHidden();
  const asignado = `${nro(slot.nro_turno)} - ASIGNADO`;
  await expect(grid(page).getByRole("link", { name: cellName(asignado, slot) })).toBeVisible();
  // The message goes away by itself (4 s).
  await expect(page.getByText("Turno asignado con exito!")).toBeHidden({ timeout: 8_000 });

  // Reopened ASIGNADO: the dialog edits it, prefilled.
  await grid(page)
    .getByRole("link", { name: cellName(asignado, slot) })
    .click();
  const modificar = dialog(page, "Modificar turno");
  await expect(modificar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await expect(modificar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await expect(modificar.getByLabel("Observación")).toHaveValue("PRUEBA E2E TURNOS");
  await modificar.getByRole("link", { name: "Cancelar" }).click();
  await expect(modificar).toBeHidden();

  // Confirmed in 'Consulta de Turnos' (operation 21): the row of that day opens the status dialog.
  await open(page, "/listado-turnos");
  await page.getByLabel(/^DNI/).fill(member.dni);
  await page.getByLabel("Tipo de trámite").selectOption(tipo);
  await page.getByRole("button", { name: "Buscar por DNI" }).click();
  const row = page
    .getByRole("row")
    .filter({ hasText: ar(fecha) })
    .filter({ has: page.getByRole("cell", { name: nro(slot.nro_turno), exact: true }) });
  await expect(row).toHaveCount(1);
  await row.click();
  const detalle = dialog(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(detalle).toBeVisible();
  await expect(detalle.getByRole("radio", { name: "CONFIRMADO" })).toBeChecked();
  await expect(detalle.getByRole("radio", { name: "CANCELADO" })).not.toBeChecked();
  await detalle.getByRole("button", { name: "Guardar" }).click();
  await expect(detalle.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(detalle).toBeHidden({ timeout: 5_000 });
  await expect(row.getByText("CONFIRMADO")).toBeVisible();

  // In the grid the CONFIRMADO chip opens the status dialog; admin holds 26: ATENDIDO is the default.
  await open(page, gridUrl(tipo, fecha));
  await grid(page)
    .getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot) })
    .click();
  const estado = dialog(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(estado.getByRole("radio", { name: "ATENDIDO" })).toBeChecked();
  await expect(estado.getByRole("radio", { name: "CANCELADO" })).toBeVisible();
  await expect(estado.getByRole("radio", { name: "CONFIRMADO" })).toHaveCount(0);
  await estado.getByRole("button", { name: "Guardar" }).click();
  await expect(estado.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(estado).toBeHidden({ timeout: 5_000 });
  // ATENDIDO is final: a plain chip, not a link.
  await expect(grid(page).getByText(`${nro(slot.nro_turno)} - ATENDIDO`)).toBeVisible();
  await expect(grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ATENDIDO`, slot) })).toHaveCount(
    0,
  );
});

test("AFILIACIONES: a person who is not a member yet, with DNI and name typed", async ({ page, request }) => {
  const fecha = weekdayAhead(6);
  const tipo = "AFILIACIONES";
  const [slot] = await freeSlots(request, tipo, fecha);
  // A DNI no member has (the demo registry's DNIs start at 3 000 000: db/seed/population.ts).
  const dni = String(1_000_000 + Math.floor(Math.random() * 1_900_000));

  await open(page, gridUrl(tipo, fecha));
  await grid(page)
    .getByRole("link", { name: cellName("Disponible", slot) })
    .click();
  const asignar = dialog(page, "Asignar turno");
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(asignar.getByText("Dni y Nombre son obligatorios")).toBeVisible();

  await asignar.getByLabel(/^DNI/).fill(dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByText("El afiliado no existe")).toBeVisible();
  await expect(asignar.getByLabel(/^DNI/)).toHaveValue(dni);
  await expect(asignar.getByLabel("Apellido y Nombre")).toBeEditable();
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(asignar.getByText("Dni y Nombre son obligatorios")).toBeVisible();
  await asignar.getByLabel("Apellido y Nombre").fill("Persona Nueva E2e");
  await asignar.getByLabel("Observación").fill("ALTA NUEVA");
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Turno asignado con exito!")).toBeVisible();

  const asignado = cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot);
  await grid(page).getByRole("link", { name: asignado }).click();
  const modificar = dialog(page, "Modificar turno");
  await expect(modificar.getByLabel(/^DNI/)).toHaveValue(dni);
  await expect(modificar.getByLabel("Apellido y Nombre")).toHaveValue("PERSONA NUEVA E2E");
});

test("two assignments of one slot: the loser's dialog keeps what was typed, says why and saves into the next free slot", async ({
  page,
  request,
}) => {
  const fecha = weekdayAhead(7);
  const tipo = "CREDENCIALES";
  const [slot] = await freeSlots(request, tipo, fecha);
  const [member, winner] = [await memberForTurnos(request, 62), await memberForTurnos(request, 63)];
  // The refusal at 'Guardar' is what a desk meets when the live grid has not heard the other desk yet (its stream
  // down or slower than the clerk): the stream is cut here, so the save is the first to know. The dialog that hears
  // the change while open is turnos-live.spec.ts's (ADR 079).
  await page.route("**/turnos/eventos?**", (route) => route.abort());

  await open(page, gridUrl(tipo, fecha));
  await grid(page)
    .getByRole("link", { name: cellName("Disponible", slot) })
    .click();
  const asignar = dialog(page, "Asignar turno");
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await asignar.getByLabel("Observación").fill("Trae la orden del médico");

  // Meanwhile another desk takes the slot.
  const won = await assignByApi(request, slot, winner.idafi);
  expect(won.status(), await won.text()).toBe(200);

  await asignar.getByRole("button", { name: "Guardar" }).click();
  // The dialog stays, says why (once), and keeps every value typed (issue 28).
  await expect(asignar.getByRole("alert").filter({ hasText: "El turno ya fue asignado" })).toBeVisible();
  await expect(page.getByText("El turno ya fue asignado")).toHaveCount(1);
  await expect(asignar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await expect(asignar.getByLabel("Observación")).toHaveValue("Trae la orden del médico");
  // Behind it (hidden from the accessibility tree while the dialog is open), the grid already shows the winner.
  await expect(page.locator(`a[data-slot="${slot.hora_turno}|${slot.puesto}"]`)).toContainText(
    `${nro(slot.nro_turno)} - ASIGNADO`,
  );
  const libre = asignar.getByLabel(/^Turno libre/);
  const elegido = await libre.locator("option:checked").textContent();
  const [, hora, puesto, numero] = /^(\d\d:\d\d) · Puesto (\d+) \(turno (\d{3})\)$/.exec(elegido!)!;
  expect(`${hora}|${puesto}`).not.toBe(`${slot.hora_turno}|${slot.puesto}`);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, ".ui-dialog");
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Turno asignado con exito!")).toBeVisible();
  await expect(asignar).toBeHidden();
  const otro = { hora_turno: hora, puesto: Number(puesto) };
  await grid(page)
    .getByRole("link", { name: cellName(`${numero} - ASIGNADO`, otro) })
    .click();
  const modificar = dialog(page, "Modificar turno");
  await expect(modificar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await expect(modificar.getByLabel("Observación")).toHaveValue("Trae la orden del médico");
  await modificar.getByRole("link", { name: "Cancelar" }).click();

  // The winner's turno, not the loser's.
  await grid(page)
    .getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot) })
    .click();
  await expect(dialog(page, "Modificar turno").getByLabel(/^DNI/)).toHaveValue(winner.dni);
});

test("previous day is disabled on today, the next working day moves on; the weekday follows the date", async ({
  page,
}) => {
  const today = todayAR();
  const habil = (from: string, step: 1 | -1) => {
    let d = addDaysAR(from, step);
    while ([0, 6].includes(weekdayOfAR(d))) d = addDaysAR(d, step);
    return d;
  };
  await open(page, `/turnos?tipo_tramite=REINTEGROS&fecha_turno=${today}`);
  await expect(page.getByRole("button", { name: "Día hábil anterior" })).toBeDisabled();
  // On a Saturday or Sunday the day says 'Sin atención' instead of a grid of free slots (ADR 051).
  await expect(grid(page).or(page.getByRole("status").filter({ hasText: "Sin atención" }))).toBeVisible();
  await page.getByRole("button", { name: "Próximo día hábil" }).click();
  const next = habil(today, 1);
  await expect(page).toHaveURL(new RegExp(`tipo_tramite=REINTEGROS&fecha_turno=${next}`));
  await expect(page.getByLabel("Fecha", { exact: true })).toHaveValue(next);
  const weekday = new Date(`${next}T12:00:00Z`).toLocaleDateString("es-AR", { weekday: "long", timeZone: "UTC" });
  await expect(page.getByLabel("Día", { exact: true })).toHaveValue(weekday);
  await page.getByRole("button", { name: "Día hábil anterior" }).click();
  await expect(page).toHaveURL(new RegExp(`fecha_turno=${habil(next, -1)}`));
});

test("'Ver Turnos' without a procedure type asks for one", async ({ page }) => {
  await open(page, "/turnos");
  await page.getByRole("button", { name: "Ver Turnos" }).click();
  await expect(page.getByText("Debe seleccionar un tipo de trámite")).toBeVisible();
  await expect(grid(page)).toHaveCount(0);
});

test("a day that cannot be loaded shows the 'Error al obtener informacion' dialog with the reason", async ({
  page,
}) => {
  await open(page, `/turnos?tipo_tramite=NO%20EXISTE&fecha_turno=${weekdayAhead(5)}`);
  const error = dialog(page, "Error al obtener informacion");
  await expect(error).toBeVisible();
  await expect(error.getByText("El tipo de trámite no existe")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(error).toBeHidden();
  await expect(grid(page)).toHaveCount(0);
});

test("the chips are re-evaluated every 60 s: a free slot closes 15 minutes before its time", async ({
  page,
  request,
}) => {
  const fecha = weekdayAhead(8);
  const tipo = "AUTORIZACIONES";
  const free = await freeSlots(request, tipo, fecha);
  // The first free slot of the day and the clock of that morning, 20 minutes before it (in Catamarca, UTC-3).
  const slot = free[free.length - 1];
  const start = Date.parse(`${fecha}T${slot.hora_turno}:00-03:00`);
  await page.clock.install({ time: new Date(start - 20 * 60_000) });
  await open(page, gridUrl(tipo, fecha));
  await expect(grid(page).getByRole("link", { name: cellName("Disponible", slot) })).toBeVisible();
  // 6 minutes later it is 14 minutes before the slot: the next evaluation blocks it.
  await page.clock.runFor(6 * 60_000);
  await expect(grid(page).getByRole("link", { name: cellName("Disponible", slot) })).toHaveCount(0);
  await expect(grid(page).getByText("Disponible").first()).toBeVisible();
});

test("390 px wide: the grid scrolls sideways and a slot's dialog opens", async ({ page, request }) => {
  const fecha = weekdayAhead(8);
  const tipo = "DISCAPACIDAD";
  const [slot] = await freeSlots(request, tipo, fecha);
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/turnos?tipo_tramite=AFILIACIONES&fecha_turno=${fecha}`);
  await expect(grid(page)).toBeVisible();
  // The page itself does not scroll sideways: the grid's own area does.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
  await expect(page.getByRole("columnheader", { name: "Puesto 4" })).toBeAttached();

  await open(page, gridUrl(tipo, fecha));
  await grid(page)
    .getByRole("link", { name: cellName("Disponible", slot) })
    .click();
  const asignar = dialog(page, "Asignar turno");
  await expect(asignar).toBeVisible();
  const box = await asignar.boundingBox();
  expect(box && box.width).toBeLessThanOrEqual(390);
  await expect(asignar.getByRole("button", { name: "Guardar" })).toBeInViewport();
});

test("two status dialogs on one turno: the second save reads the stale message and the turno keeps the first (ADR 047)", async ({
  page,
  context,
  request,
}) => {
  const fecha = weekdayAhead(9);
  const tipo = "REINTEGROS";
  const [slot] = await freeSlots(request, tipo, fecha);
  const member = await memberForTurnos(request, 64);
  const assigned = await assignByApi(request, slot, member.idafi);
  expect(assigned.status(), await assigned.text()).toBe(200);
  const { turno } = (await assigned.json()) as { turno: { id: number; version: number } };
  const headers = { "x-auth-token": await adminToken(request) };
  const confirmed = await request.put("/api/turnos/cambiar-estado", {
    headers,
    data: { id: turno.id, estado_turno: "CONFIRMADO", version: turno.version },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const other = await context.newPage();
  const chip = cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot);
  for (const p of [page, other]) {
    await open(p, gridUrl(tipo, fecha));
    await grid(p).getByRole("link", { name: chip }).click();
    await expect(dialog(p, `Detalle del turno ${nro(slot.nro_turno)}`)).toBeVisible();
  }

  const first = dialog(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(first.getByRole("radio", { name: "ATENDIDO" })).toBeChecked();
  await first.getByRole("button", { name: "Guardar" }).click();
  await expect(first.getByText("Operacion realizada con exito!")).toBeVisible();

  const second = dialog(other, `Detalle del turno ${nro(slot.nro_turno)}`);
  await second.getByRole("radio", { name: "CANCELADO" }).check();
  await second.getByRole("button", { name: "Guardar" }).click();
  await expect(second.getByText("El registro fue modificado por otro usuario: vuelva a cargarlo")).toBeVisible();

  const res = await request.get(`/api/turnos/asignadosporfecha/${fecha}?tipo_tramite=${tipo}`, { headers });
  const { turnos } = (await res.json()) as { turnos: { id: number; estado_turno: string; version: number }[] };
  expect(turnos.find((t) => t.id === turno.id)).toMatchObject({ estado_turno: "ATENDIDO", version: 3 });
});
