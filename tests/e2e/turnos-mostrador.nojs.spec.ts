// 'Asignacion de Turnos' without JavaScript, as the clerk uses it (issue 39, ADR 076): the assignment panel is where the
// eye is after the page reloads at its top (above the grid, in the viewport at 1366×768), with ONE close control; a
// refused save is said at the top and in the panel; 'Modificar turno' offers 'Confirmar llegada', the turno's status
// panel; '‹' on today is disabled, '›' skips the weekend; an impossible date keeps the last valid one and the row
// aligned. Type and days: AUTORIZACIONES +14 (tests/e2e/turnos-support.ts).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN } from "./support";
import {
  addDaysAR,
  assignByApi,
  cellName,
  freeSlots,
  grid,
  gridUrl,
  memberForTurnos,
  nro,
  todayAR,
  weekdayAhead,
  weekdayOfAR,
  type Member,
  type Slot,
} from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

const TIPO = "AUTORIZACIONES";
const fecha = () => weekdayAhead(14);
const panel = (page: Page, name: string | RegExp) => page.getByRole("region", { name });

/**
 * The same session in a context whose JavaScript runs but the app's scripts are held back (axe itself needs
 * JavaScript; the page is the server's, as without JavaScript).
 */
async function sinScripts(page: Page): Promise<Page> {
  const storageState = await page.context().storageState();
  const ctx = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: true,
      storageState,
      viewport: { width: 1366, height: 768 },
    });
  const server = await ctx.newPage();
  await server.route("**/build/**", (route) =>
    route.request().resourceType() === "script" ? route.abort() : route.continue(),
  );
  return server;
}

/** A refused save: the slot's panel, the member found, the slot taken by another desk, 'Guardar'. */
async function guardarRechazado(page: Page, request: APIRequestContext, slot: Slot, member: Member, winner: Member) {
  await page.goto(`${gridUrl(TIPO, fecha())}&hora_turno=${slot.hora_turno}&puesto=${slot.puesto}`);
  const asignar = panel(page, "Asignar turno");
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  const won = await assignByApi(request, slot, winner.idafi);
  expect(won.status(), await won.text()).toBe(200);
  await panel(page, "Asignar turno").getByRole("button", { name: "Guardar" }).click();
}

test.beforeEach(async ({ page, signIn }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ADMIN);
});

test("a chip's panel is in the viewport at 1366×768, above the grid, with one close control", async ({
  page,
  request,
}) => {
  const free = await freeSlots(request, TIPO, fecha());
  // the last free slot of the day: the bottom of the grid
  const slot = free[0];
  await page.goto(gridUrl(TIPO, fecha()));
  await grid(page)
    .getByRole("link", { name: cellName("Disponible", slot) })
    .click();
  const asignar = panel(page, "Asignar turno");
  await expect(asignar).toBeInViewport();
  await expect(asignar.getByLabel(/^DNI/)).toBeInViewport();
  const [p, g] = [await asignar.boundingBox(), await grid(page).boundingBox()];
  expect(p!.y).toBeLessThan(g!.y);
  // one way out: 'Cancelar' (no 'Cerrar' besides it)
  await expect(asignar.getByRole("link", { name: "Cancelar" })).toHaveCount(1);
  await expect(asignar.getByRole("link", { name: "Cerrar" })).toHaveCount(0);
  const server = await sinScripts(page);
  await server.goto(page.url());
  await expect(panel(server, "Asignar turno")).toBeInViewport();
  await expectNoSeriousA11yViolations(server);
  await server.context().close();
  // 'Buscar' reloads the page: the panel is still in view
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(panel(page, "Asignar turno").getByText("El DNI es obligatorio")).toBeInViewport();
});

test("a refused save (the slot taken by another desk meanwhile) is said at the top and in the panel", async ({
  page,
  request,
}) => {
  const [, slot, , , otro] = await freeSlots(request, TIPO, fecha());
  const [member, winner] = [await memberForTurnos(request, 70), await memberForTurnos(request, 71)];
  await guardarRechazado(page, request, slot, member, winner);

  const arriba = page.getByRole("alert").filter({ hasText: "No se guardó el turno" });
  await expect(arriba).toBeInViewport();
  await expect(arriba).toContainText("El turno ya fue asignado");
  const rechazado = panel(page, "Asignar turno");
  await expect(rechazado.getByRole("alert").filter({ hasText: "El turno ya fue asignado" })).toBeVisible();
  await expect(rechazado).toBeInViewport();
  const [a, p, g] = [await arriba.boundingBox(), await rechazado.boundingBox(), await grid(page).boundingBox()];
  expect(a!.y).toBeLessThan(p!.y);
  expect(p!.y).toBeLessThan(g!.y);
  const server = await sinScripts(page);
  await guardarRechazado(server, request, otro, member, winner);
  await expect(server.getByRole("alert").filter({ hasText: "No se guardó el turno" })).toBeVisible();
  await expectNoSeriousA11yViolations(server);
  await server.context().close();
});

test("'Modificar turno' offers 'Confirmar llegada': the turno's status panel, and the arrival is saved", async ({
  page,
  request,
}) => {
  const [, , slot] = await freeSlots(request, TIPO, fecha());
  const member = await memberForTurnos(request, 72);
  const assigned = await assignByApi(request, slot, member.idafi);
  expect(assigned.status(), await assigned.text()).toBe(200);
  await page.goto(gridUrl(TIPO, fecha()));
  await grid(page)
    .getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot) })
    .click();
  const modificar = panel(page, "Modificar turno");
  await expect(modificar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await modificar.getByRole("link", { name: "Confirmar llegada" }).click();
  const estado = panel(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(estado).toBeInViewport();
  await expect(estado.getByRole("radio", { name: "CONFIRMADO" })).toBeChecked();
  await expect(estado.getByRole("link", { name: "Cerrar" })).toHaveCount(0);
  await estado.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(
    grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot) }),
  ).toBeVisible();
});

test("'‹' on today is disabled, '›' skips the weekend, an impossible date keeps the last valid one", async ({
  page,
}) => {
  await page.goto(gridUrl(TIPO, todayAR()));
  await expect(page.getByRole("button", { name: "Día hábil anterior" })).toBeDisabled();
  // from a Friday, '›' goes to the Monday after
  let viernes = addDaysAR(todayAR(), 1);
  while (weekdayOfAR(viernes) !== 5) viernes = addDaysAR(viernes, 1);
  await page.goto(gridUrl(TIPO, viernes));
  await expect(page.getByRole("button", { name: "Día hábil anterior" })).toBeEnabled();
  await page.getByRole("button", { name: "Próximo día hábil" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("fecha_turno") === addDaysAR(viernes, 3));
  await expect(page.getByLabel("Día", { exact: true })).toHaveValue("lunes");

  // A date the box cannot hold, sent with the day shown: the message by the box, the day shown kept.
  const lunes = addDaysAR(viernes, 3);
  const res = await page.goto(`${gridUrl(TIPO, "2026-02-31")}&fecha_vista=${lunes}`);
  expect(res?.status()).toBe(400);
  const box = page.getByLabel("Fecha", { exact: true });
  await expect(box).toHaveValue(lunes);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Fecha de turno inválida (use dd/mm/aaaa)")).toBeVisible();
  await expect(grid(page)).toBeVisible();
  // the row stays aligned: every control of the row ends at the same line
  const bottoms = await Promise.all(
    [
      page.getByLabel("Tipo de trámite"),
      page.getByRole("button", { name: "Día hábil anterior" }),
      box,
      page.getByLabel("Día", { exact: true }),
      page.getByRole("button", { name: "Ver Turnos" }),
    ].map(async (l) => {
      const b = (await l.boundingBox())!;
      return Math.round(b.y + b.height);
    }),
  );
  for (const b of bottoms) expect(Math.abs(b - bottoms[0]), `bottoms ${bottoms.join(", ")}`).toBeLessThanOrEqual(1);
});
