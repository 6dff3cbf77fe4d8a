// The live grid without JavaScript (ADR 052): nothing changes. The page keeps its 'Ver Turnos' refresh, opens no
// event stream and shows no live state; another desk's assignment shows after 'Ver Turnos'.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN } from "./support";
import { assignByApi, cellName, freeSlots, grid, gridUrl, memberForTurnos, nro, weekdayAhead } from "./turnos-support";

const TIPO = "AFILIACIONES";

test("no JavaScript: 'Ver Turnos' refreshes the grid, no event stream is opened", async ({ page, request, signIn }) => {
  const fecha = weekdayAhead(12);
  const [slot] = await freeSlots(request, TIPO, fecha);
  const streams: string[] = [];
  page.on("request", (r) => r.url().includes("/turnos/eventos") && streams.push(r.url()));
  await signIn(page, ADMIN);
  await page.goto(gridUrl(TIPO, fecha));
  await expect(grid(page).getByRole("link", { name: cellName("Disponible", slot) })).toBeVisible();
  await expect(page.getByText("Actualización automática")).toHaveCount(0);

  const member = await memberForTurnos(request, 73);
  expect((await assignByApi(request, slot, member.idafi)).status()).toBe(200);
  await page.getByRole("button", { name: "Ver Turnos" }).click();
  await expect(
    grid(page).getByRole("link", { name: cellName(`${nro(slot.nro_turno)} - ASIGNADO`, slot) }),
  ).toBeVisible();
  expect(streams).toEqual([]);
});
