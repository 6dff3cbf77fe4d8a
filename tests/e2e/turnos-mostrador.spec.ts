// 'Asignacion de Turnos' with JavaScript, as the clerk uses it (issue 39, ADR 076): 'Modificar turno' offers
// 'Confirmar llegada', which opens the turno's status dialog; today after hours shows no elapsed free slot and says the
// day is only for consultation; read-only fields look read-only; '‹' on today is disabled and '›' skips the weekend;
// the dialog's 'Buscar' stands level with the DNI box at 1366 and 390 px. Type and day: AUTORIZACIONES +13
// (tests/e2e/turnos-support.ts).
import { expect, type APIRequestContext, type Locator } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, adminToken } from "./support";
import {
  addDaysAR,
  assignByApi,
  cellName,
  freeSlots,
  grid,
  gridUrl,
  memberForTurnos,
  nro,
  slotsOf,
  todayAR,
  weekdayOfAR,
  weekdayAhead,
  open,
  dialog,
} from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

const TIPO = "AUTORIZACIONES";
const fecha = () => weekdayAhead(13);
/** The minutes of the day on the insurer's clock now. */
function minutosAhoraAR(): number {
  const [h, m] = new Date()
    .toLocaleTimeString("en-GB", { timeZone: "America/Argentina/Catamarca", hour12: false })
    .split(":")
    .map(Number);
  return h * 60 + m;
}
const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

async function finTurno(request: APIRequestContext, tipo: string): Promise<string> {
  const res = await request.get("/api/turnos/turnosconfig", { headers: { "x-auth-token": await adminToken(request) } });
  const { resultado } = (await res.json()) as { resultado: { tipo_tramite: string; fin_turno: string }[] };
  return resultado.find((c) => c.tipo_tramite === tipo)!.fin_turno;
}

/** The read-only look: a grey box with a dashed border (as MAE's). */
async function esSoloLectura(l: Locator) {
  const look = await l.evaluate((el) => {
    const s = getComputedStyle(el);
    return { bg: s.backgroundColor, border: s.borderStyle };
  });
  expect(look.bg).not.toBe("rgb(255, 255, 255)");
  expect(look.border).toBe("dashed");
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("'Modificar turno' → 'Confirmar llegada' opens the status dialog of that turno; the arrival is saved", async ({
  page,
  request,
}) => {
  const [slot] = await freeSlots(request, TIPO, fecha());
  const member = await memberForTurnos(request, 73);
  const assigned = await assignByApi(request, slot, member.idafi);
  expect(assigned.status(), await assigned.text()).toBe(200);
  await open(page, gridUrl(TIPO, fecha()));
  const chip = grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot) });
  await chip.click();
  const modificar = dialog(page, "Modificar turno");
  await expect(modificar.getByLabel(/^DNI/)).toHaveValue(member.dni);
  await modificar.getByRole("link", { name: "Confirmar llegada" }).click();
  const estado = dialog(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(estado).toBeVisible();
  await expect(modificar).toHaveCount(0);
  await expect(estado.getByRole("radio", { name: "CONFIRMADO" })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await estado.getByRole("button", { name: "Guardar" }).click();
  await expect(estado.getByText("Operacion realizada con exito!")).toBeVisible();
  await expect(estado).toBeHidden();
  await expect(
    grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot) }),
  ).toBeVisible();
});

test("today: no free chip for a slot whose time has come; after the closing time the day is only for consultation", async ({
  page,
  request,
}) => {
  const hoy = todayAR();
  if ([0, 6].includes(weekdayOfAR(hoy))) {
    // a Saturday or Sunday today: the day has no attention at all, so no free chip either (turnos-dias.spec.ts)
    await open(page, gridUrl(TIPO, hoy));
    await expect(page.getByRole("status").filter({ hasText: "Sin atención" })).toBeVisible();
    await expect(page.getByText("Disponible")).toHaveCount(0);
    return;
  }
  const slots = await slotsOf(request, TIPO, hoy);
  const ahora = minutosAhoraAR();
  const transcurridos = slots.filter((t) => t.estado_turno === "VACIO" && minutos(t.hora_turno) <= ahora - 1);
  await open(page, gridUrl(TIPO, hoy));
  await expect(grid(page)).toBeVisible();
  // no 'Disponible' in the row of a free slot whose time has come
  const row = (hora: string) =>
    grid(page)
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: hora }) });
  for (const t of transcurridos) await expect(row(t.hora_turno).getByText("Disponible")).toHaveCount(0);
  const cerrado = ahora >= minutos(await finTurno(request, TIPO));
  const nota = page.getByRole("status").filter({ hasText: "solo para consulta" });
  await expect(nota).toHaveCount(cerrado ? 1 : 0);
  if (cerrado) await expect(grid(page).getByText("Disponible")).toHaveCount(0);
});

test("read-only fields look read-only; '‹' on today is disabled; '›' skips the weekend", async ({ page, request }) => {
  await open(page, gridUrl(TIPO, todayAR()));
  await esSoloLectura(page.getByLabel("Día", { exact: true }));
  const anterior = page.getByRole("button", { name: "Día hábil anterior" });
  await expect(anterior).toBeDisabled();
  let viernes = addDaysAR(todayAR(), 1);
  while (weekdayOfAR(viernes) !== 5) viernes = addDaysAR(viernes, 1);
  await open(page, gridUrl(TIPO, viernes));
  await expect(anterior).toBeEnabled();
  await page.getByRole("button", { name: "Próximo día hábil" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("fecha_turno") === addDaysAR(viernes, 3));

  const [, slot] = await freeSlots(request, TIPO, fecha());
  await open(page, `${gridUrl(TIPO, fecha())}&hora_turno=${slot.hora_turno}&puesto=${slot.puesto}`);
  const asignar = dialog(page, "Asignar turno");
  await esSoloLectura(asignar.getByLabel("Apellido y Nombre"));
  await esSoloLectura(asignar.getByLabel("Tipo de trámite"));
  await expect(asignar.getByLabel("Observación")).toBeEditable();
});

for (const width of [1366, 390]) {
  test(`the dialog's 'Buscar' stands level with the DNI box at ${width} px, with and without a message`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const [, , slot] = await freeSlots(request, TIPO, fecha());
    await open(page, `${gridUrl(TIPO, fecha())}&hora_turno=${slot.hora_turno}&puesto=${slot.puesto}`);
    const asignar = dialog(page, "Asignar turno");
    const level = async () => {
      const [i, b] = [
        (await asignar.getByLabel(/^DNI/).boundingBox())!,
        (await asignar.getByRole("button", { name: "Buscar" }).boundingBox())!,
      ];
      expect(Math.abs(i.y + i.height / 2 - (b.y + b.height / 2))).toBeLessThanOrEqual(1);
      expect(b.x).toBeGreaterThan(i.x + i.width - 1);
    };
    await level();
    await asignar.getByRole("button", { name: "Buscar" }).click();
    await expect(asignar.getByText("El DNI es obligatorio")).toBeVisible();
    await level();
  });
}

test("a date typed that the box cannot hold (31/02) keeps the last valid date and its grid", async ({ page }) => {
  const dia = fecha();
  await open(page, gridUrl(TIPO, dia));
  const box = page.getByLabel("Fecha", { exact: true });
  // the browser's own order of the segments (mm/dd/aaaa here): 31 February
  await box.click({ position: { x: 12, y: 10 } });
  await box.pressSequentially("02312027");
  await expect(box).toHaveValue("");
  await page.getByRole("button", { name: "Ver Turnos" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("fecha_vista") === dia);
  await expect(box).toHaveValue(dia);
  await expect(grid(page)).toBeVisible();
  await expect(grid(page).getByRole("caption")).toContainText(dia.split("-").reverse().join("/"));
});
