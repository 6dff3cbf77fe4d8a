// 'Asignacion de Turnos' and 'Consulta de Turnos' with JavaScript disabled: the whole path is links and forms. The
// day from the GET form, previous/next day, a free slot's assignment dialog (in the page) with the DNI search done
// by the server, the save redirecting to the grid with its message, the status changed from the lookup's row and
// from the CONFIRMADO chip, and the loser of a race reading 'El turno ya fue asignado' by the form it typed. Type and days:
// tests/e2e/turnos-support.ts.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";
import {
  ar,
  assignByApi,
  cellName,
  freeSlots,
  grid,
  gridUrl,
  memberForTurnos,
  nro,
  weekdayAhead,
} from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

const panel = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("assign a slot, confirm it in Consulta de Turnos and set it ATENDIDO, without JavaScript", async ({
  page,
  request,
}) => {
  const tipo = "REINTEGROS";
  const fecha = weekdayAhead(9);
  const [slot] = await freeSlots(request, tipo, fecha);
  const member = await memberForTurnos(request, 64);

  await page.goto("/turnos");
  await page.getByLabel("Tipo de trámite").selectOption(tipo);
  await page.getByLabel("Fecha", { exact: true }).fill(fecha);
  await page.getByRole("button", { name: "Ver Turnos" }).click();
  await expect(grid(page)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`fecha_turno=${fecha}`));

  // Previous / next working day are buttons of the same form: the server moves the date.
  await page.getByRole("button", { name: "Próximo día hábil" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("fecha_turno") !== fecha);
  await page.getByRole("button", { name: "Día hábil anterior" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("fecha_turno") === fecha);
  await expect(page.getByLabel("Tipo de trámite")).toHaveValue(tipo);

  // The assignment dialog is a section of the page; 'Buscar' asks the server.
  await grid(page)
    .getByRole("link", { name: cellName("Disponible", slot) })
    .click();
  const asignar = panel(page, "Asignar turno");
  await expect(asignar).toBeVisible();
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByText("El DNI es obligatorio")).toBeVisible();
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await asignar.getByLabel("Observación").fill("SIN JAVASCRIPT");
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Turno asignado con exito!")).toBeVisible();
  await expect(panel(page, "Asignar turno")).toHaveCount(0);
  await expect(
    grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot) }),
  ).toBeVisible();

  // Confirmed from the lookup's row (its first cell is a link to the detail).
  await page.goto("/listado-turnos");
  await page.getByLabel(/^DNI/).fill(member.dni);
  await page.getByLabel("Tipo de trámite").selectOption(tipo);
  await page.getByRole("button", { name: "Buscar por DNI" }).click();
  const row = page
    .getByRole("row")
    .filter({ hasText: ar(fecha) })
    .filter({ has: page.getByRole("cell", { name: nro(slot.nro_turno), exact: true }) });
  await row.getByRole("link", { name: nro(slot.nro_turno) }).click();
  const detalle = panel(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(detalle.getByRole("radio", { name: "CONFIRMADO" })).toBeChecked();
  await detalle.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(panel(page, /^Detalle del turno/)).toHaveCount(0);
  await expect(row.getByText("CONFIRMADO")).toBeVisible();

  // ATENDIDO from the grid's CONFIRMADO chip.
  await page.goto(gridUrl(tipo, fecha));
  await grid(page)
    .getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot) })
    .click();
  const estado = panel(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(estado.getByRole("radio", { name: "ATENDIDO" })).toBeChecked();
  await estado.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(grid(page).getByText(`${nro(slot.nro_turno)} - ATENDIDO`)).toBeVisible();
});

test("the loser of a race reads 'El turno ya fue asignado' by the form that keeps what was typed, without JavaScript", async ({
  page,
  request,
}) => {
  const tipo = "REINTEGROS";
  const fecha = weekdayAhead(9);
  const [, slot] = await freeSlots(request, tipo, fecha);
  const [member, winner] = [await memberForTurnos(request, 65), await memberForTurnos(request, 66)];

  await page.goto(`${gridUrl(tipo, fecha)}&hora_turno=${slot.hora_turno}&puesto=${slot.puesto}`);
  const asignar = panel(page, "Asignar turno");
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await asignar.getByLabel("Observación").fill("Viene con su hija");
  const won = await assignByApi(request, slot, winner.idafi);
  expect(won.status(), await won.text()).toBe(200);
  await panel(page, "Asignar turno").getByRole("button", { name: "Guardar" }).click();

  // The page answered after the POST: the form with the values typed and why (issue 28), and the top of the page says
  // the save was refused too (issue 39).
  const rechazado = panel(page, "Asignar turno");
  await expect(rechazado.getByRole("alert").filter({ hasText: "El turno ya fue asignado" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "No se guardó el turno" })).toContainText(
    "El turno ya fue asignado",
  );
  await expect(rechazado.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await expect(rechazado.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await expect(rechazado.getByLabel("Observación")).toHaveValue("Viene con su hija");
  await expect(
    grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot) }),
  ).toBeVisible();

  // Another free slot of the list (not the one offered first), then 'Guardar': saved there with the values typed.
  const libre = rechazado.getByLabel(/^Turno libre/);
  const opciones = await libre.locator("option").allTextContents();
  expect(opciones.length).toBeGreaterThan(1);
  const texto = opciones[opciones.length - 1];
  await libre.selectOption({ label: texto });
  await rechazado.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Turno asignado con exito!")).toBeVisible();
  const [, hora, puesto, numero] = /^(\d\d:\d\d) · Puesto (\d+) \(turno (\d{3})\)$/.exec(texto)!;
  await grid(page)
    .getByRole("link", { name: cellName(`${numero} - ASIGNADO`, { hora_turno: hora, puesto: Number(puesto) }) })
    .click();
  const modificar = panel(page, "Modificar turno");
  await expect(modificar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await expect(modificar.getByLabel("Observación")).toHaveValue("Viene con su hija");
});
