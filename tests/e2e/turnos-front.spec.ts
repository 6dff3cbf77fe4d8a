// 'Asignacion de Turnos' as the front desk uses it all day (issue 28), with JavaScript: free and confirmed chips look
// different; the keyboard lands in the DNI box and comes back to the chip; a refusal at save keeps what was typed;
// the status dialog has 'Cancelar'. Type and day: AUTORIZACIONES, a weekday 6+ days ahead (tests/e2e/turnos-support.ts).
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken } from "./support";
import {
  assignByApi,
  cellName,
  freeSlots,
  grid,
  gridUrl,
  memberForTurnos,
  nro,
  weekdayAhead,
  type Slot,
  open,
  dialog,
} from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

const TIPO = "AUTORIZACIONES";
const fecha = () => weekdayAhead(6);

/** A slot of the day assigned and confirmed through the API. */
async function confirmedSlot(request: APIRequestContext, slot: Slot, memberPage: number) {
  const member = await memberForTurnos(request, memberPage);
  const assigned = await assignByApi(request, slot, member.idafi);
  expect(assigned.status(), await assigned.text()).toBe(200);
  const { turno } = (await assigned.json()) as { turno: { id: number; version: number } };
  const confirmed = await request.put("/api/turnos/cambiar-estado", {
    headers: { "x-auth-token": await adminToken(request) },
    data: { id: turno.id, estado_turno: "CONFIRMADO", version: turno.version },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("free and confirmed chips look different: class, colour, and text (not colour alone)", async ({
  page,
  request,
}) => {
  const [libre, otro] = await freeSlots(request, TIPO, fecha());
  await confirmedSlot(request, otro, 66);
  await open(page, gridUrl(TIPO, fecha()));
  const free = grid(page)
    .getByRole("link", { name: cellName("Disponible", libre) })
    .locator(".ui-chip");
  const confirmed = grid(page)
    .getByRole("link", { name: cellName(`${nro(otro.nro_turno)} - CONFIRMADO`, otro) })
    .locator(".ui-chip");
  await expect(free).toHaveClass(/turno-chip--libre/);
  await expect(confirmed).toHaveClass(/turno-chip--confirmado/);
  const look = (l: typeof free) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return { bg: s.backgroundColor, border: s.borderStyle, color: s.color };
    });
  const [a, b] = [await look(free), await look(confirmed)];
  expect(a.bg).not.toBe(b.bg);
  expect(a.border).not.toBe(b.border);
  await expect(free).toHaveText("Disponible");
  await expect(confirmed).toHaveText(`${nro(otro.nro_turno)} - CONFIRMADO`);
});

test("keyboard: a chip's dialog puts the focus in the DNI box; Escape, × and Cancelar give it back to the chip", async ({
  page,
  request,
}) => {
  const [slot] = await freeSlots(request, TIPO, fecha());
  await open(page, gridUrl(TIPO, fecha()));
  const chip = grid(page).getByRole("link", { name: cellName("Disponible", slot) });
  const asignar = dialog(page, "Asignar turno");
  const closers: [string, () => Promise<void>][] = [
    ["Escape", () => page.keyboard.press("Escape")],
    ["×", () => asignar.getByRole("button", { name: "Cerrar" }).click()],
    ["Cancelar", () => asignar.getByRole("link", { name: "Cancelar" }).click()],
  ];
  for (const [how, close] of closers) {
    await chip.focus();
    await page.keyboard.press("Enter");
    await expect(asignar, how).toBeVisible();
    await expect(asignar.getByLabel(/^DNI/), how).toBeFocused();
    await close();
    await expect(asignar, how).toBeHidden();
    await expect(chip, how).toBeFocused();
  }
});

test("the status dialog has 'Cancelar' like the assignment dialog; it closes and gives the focus back", async ({
  page,
  request,
}) => {
  const [, , slot] = await freeSlots(request, TIPO, fecha());
  await confirmedSlot(request, slot, 67);
  await open(page, gridUrl(TIPO, fecha()));
  const chip = grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - CONFIRMADO`, slot) });
  await chip.focus();
  await page.keyboard.press("Enter");
  const estado = dialog(page, `Detalle del turno ${nro(slot.nro_turno)}`);
  await expect(estado).toBeVisible();
  await estado.getByRole("link", { name: "Cancelar" }).click();
  await expect(estado).toBeHidden();
  await expect(chip).toBeFocused();
});
