// The live grid (issue 28, ADR 052): two desks (two browser contexts, each signed in) on the same grid of
// 'Asignacion de Turnos'. What one desk does (an assignment on the screen, a confirmation through the API, a
// cancellation in the status dialog) shows at the other desk without a reload; a dialog open at the other desk keeps
// what was typed while a change arrives, and the grid catches up when it closes. Type and day: AFILIACIONES, a weekday
// 11+ days ahead (tests/e2e/turnos-support.ts).
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { logoutButton } from "./drawer-support";
import { ADMIN, adminToken, login, waitForHydration } from "./support";
import {
  assignByApi,
  cellName,
  freeSlots,
  grid,
  gridUrl,
  memberForTurnos,
  nro,
  slotsOf,
  weekdayAhead,
  type Slot,
} from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

const TIPO = "AFILIACIONES";
const fecha = () => weekdayAhead(11);
const EN_VIVO = "Actualización automática";

/** A desk: its own browser context, signed in, on the grid, the live state shown; marked to detect a reload. */
async function desk(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, ADMIN.usuario, ADMIN.password);
  await page.goto(gridUrl(TIPO, fecha()));
  await waitForHydration(page);
  await expect(page.getByRole("status").filter({ hasText: EN_VIVO })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sinRecarga: boolean }).sinRecarga = true));
  return page;
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { sinRecarga?: boolean }).sinRecarga === true);

const chip = (page: Page, label: string, slot: Slot) => grid(page).getByRole("link", { name: cellName(label, slot) });

test("two desks: an assignment, a confirmation and a cancellation at one show at the other without a reload", async ({
  browser,
  request,
}) => {
  const [slot] = await freeSlots(request, TIPO, fecha());
  const member = await memberForTurnos(request, 71);
  const a = await desk(browser);
  const b = await desk(browser);

  // desk A assigns on the screen
  await chip(a, "Disponible", slot).click();
  const asignar = a.getByRole("dialog", { name: "Asignar turno" });
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(a.getByText("Turno asignado con exito!")).toBeVisible();
  await expect(chip(b, `${nro(slot.nro_turno)} - ASIGNADO`, slot)).toBeVisible();

  // another program confirms it (PUT /api/turnos/cambiar-estado)
  const [turno] = (await slotsOf(request, TIPO, slot.fecha_turno)).filter(
    (t) => t.hora_turno === slot.hora_turno && t.puesto === slot.puesto,
  ) as unknown as { id: number; version: number }[];
  const confirmed = await request.put("/api/turnos/cambiar-estado", {
    headers: { "x-auth-token": await adminToken(request) },
    data: { id: turno.id, estado_turno: "CONFIRMADO", version: turno.version },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect(chip(b, `${nro(slot.nro_turno)} - CONFIRMADO`, slot)).toBeVisible();
  await expect(chip(a, `${nro(slot.nro_turno)} - CONFIRMADO`, slot)).toBeVisible();

  // desk A cancels it in the status dialog
  await chip(a, `${nro(slot.nro_turno)} - CONFIRMADO`, slot).click();
  const estado = a.getByRole("dialog", { name: `Detalle del turno ${nro(slot.nro_turno)}` });
  await estado.getByRole("radio", { name: "CANCELADO" }).check();
  await estado.getByRole("button", { name: "Guardar" }).click();
  await expect(estado.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(chip(b, `${nro(slot.nro_turno)} - CANCELADO`, slot)).toBeVisible();

  expect(await notReloaded(b)).toBe(true);
  await a.context().close();
  await b.context().close();
});

test("a change while a dialog is open keeps what was typed; the grid catches up when the dialog closes", async ({
  browser,
  request,
}) => {
  const [abierto, otro] = (await freeSlots(request, TIPO, fecha())).slice(1);
  const member = await memberForTurnos(request, 72);
  const b = await desk(browser);
  await chip(b, "Disponible", abierto).click();
  const asignar = b.getByRole("dialog", { name: "Asignar turno" });
  await asignar.getByLabel(/^DNI/).fill("30111222");
  await asignar.getByLabel("Observación").fill("ESCRITO ANTES DEL CAMBIO");
  const heard = Number(await b.locator(".turnos-en-vivo").getAttribute("data-cambios"));

  const assigned = await assignByApi(request, otro, member.idafi);
  expect(assigned.status(), await assigned.text()).toBe(200);
  await expect
    .poll(async () => Number(await b.locator(".turnos-en-vivo").getAttribute("data-cambios")))
    .toBeGreaterThan(heard);
  await expect(asignar.getByLabel(/^DNI/)).toHaveValue("30111222");
  await expect(asignar.getByLabel("Observación")).toHaveValue("ESCRITO ANTES DEL CAMBIO");

  await asignar.getByRole("link", { name: "Cancelar" }).click();
  await expect(asignar).toBeHidden();
  await expect(chip(b, `${nro(otro.nro_turno)} - ASIGNADO`, otro)).toBeVisible();
  expect(await notReloaded(b)).toBe(true);
  await b.context().close();
});

test("the open dialog hears its slot taken at another desk: it says so, keeps what was typed, offers 'Turno libre'", async ({
  browser,
  request,
}) => {
  const libres = await freeSlots(request, TIPO, fecha());
  const abierto = libres[3];
  const [member, other] = [await memberForTurnos(request, 73), await memberForTurnos(request, 74)];
  const b = await desk(browser);
  await chip(b, "Disponible", abierto).click();
  const asignar = b.getByRole("dialog", { name: "Asignar turno" });
  await asignar.getByLabel(/^DNI/).fill(member.dni);
  await asignar.getByRole("button", { name: "Buscar" }).click();
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await asignar.getByLabel("Observación").fill("ESCRITO ANTES DEL CAMBIO");
  await expect(asignar.getByText("Este turno acaba de asignarse en otro puesto")).toHaveCount(0);

  // desk A (another program) takes the open slot
  const taken = await assignByApi(request, abierto, other.idafi);
  expect(taken.status(), await taken.text()).toBe(200);
  await expect(
    asignar.getByRole("alert").filter({ hasText: "Este turno acaba de asignarse en otro puesto" }),
  ).toBeVisible();
  const libre = asignar.getByRole("combobox", { name: /Turno libre/ });
  await expect(libre).toBeVisible();
  await expect(asignar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await expect(asignar.getByLabel("Apellido y Nombre")).toHaveValue(member.apeynom);
  await expect(asignar.getByLabel("Observación")).toHaveValue("ESCRITO ANTES DEL CAMBIO");
  await expectNoSeriousA11yViolations(b);

  // 'Guardar' gives the member the free slot offered
  const [hora, puesto] = (await libre.inputValue()).split("|");
  const elegido = libres.find((l) => l.hora_turno.startsWith(hora) && l.puesto === Number(puesto))!;
  expect(elegido).toBeDefined();
  await asignar.getByRole("button", { name: "Guardar" }).click();
  await expect(b.getByText("Turno asignado con exito!")).toBeVisible();
  await expect(chip(b, `${nro(elegido.nro_turno)} - ASIGNADO`, elegido)).toBeVisible();
  await expect(chip(b, `${nro(abierto.nro_turno)} - ASIGNADO`, abierto)).toBeVisible();
  await b.context().close();
});

test("signed out in another tab: the line says the session ended with the sign-in link, no more tries, the grid not current", async ({
  browser,
}) => {
  const a = await desk(browser);
  const otraPestana = await a.context().newPage();
  await otraPestana.goto("/home");
  await logoutButton(otraPestana).click();
  await expect(otraPestana).toHaveURL(/\/$/);

  // the stream ends at its next heartbeat (20 s); the page asks why and stops
  const linea = a.getByRole("status").filter({ hasText: "La sesión terminó: vuelva a ingresar." });
  await expect(linea).toBeVisible({ timeout: 45_000 });
  await expect(linea.getByRole("link", { name: "Ingresar" })).toHaveAttribute("href", "/");
  await expect(a.locator(".turnos-grilla--no-vigente")).toBeVisible();
  const intentos: string[] = [];
  a.on("request", (r) => r.url().includes("/turnos/eventos") && intentos.push(r.url()));
  await a.waitForTimeout(32_000); // longer than the 30 s a refused stream waited before it was tried again
  expect(intentos).toEqual([]);
  await expect(linea).toBeVisible();
  await expectNoSeriousA11yViolations(a);
  await a.context().close();
});

test("the live state line passes axe at 1366 and 390 px", async ({ browser }) => {
  const page = await desk(browser);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.locator(".turnos-en-vivo")).toBeInViewport();
    await expectNoSeriousA11yViolations(page);
  }
  await page.context().close();
});
