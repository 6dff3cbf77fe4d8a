// 'Asignacion de Turnos' on days without free slots (issue 28, ADR 051), with JavaScript: a Saturday or Sunday says
// 'Sin atención' and offers no free chip, and the server refuses assigning on it (422 on fecha_turno); a past day
// shows its appointments read-only, with no 'Disponible' chip and no assignment dialog.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, adminToken } from "./support";
import { addDaysAR, grid, gridUrl, memberForTurnos, slotsOf, todayAR, weekdayOfAR, open } from "./turnos-support";

test.describe.configure({ timeout: 120_000 });

const SIN_ATENCION = "Sin atención: los sábados y domingos no se asignan turnos";

/** The next Saturday after today (Catamarca). */
function nextSaturday(): string {
  let d = addDaysAR(todayAR(), 1);
  while (weekdayOfAR(d) !== 6) d = addDaysAR(d, 1);
  return d;
}

/** A weekday 3–5 days before today (the demo seed has appointments there). */
function pastWeekday(): string {
  let d = addDaysAR(todayAR(), -3);
  while ([0, 6].includes(weekdayOfAR(d))) d = addDaysAR(d, -1);
  return d;
}

test.beforeEach(async ({ page, signIn }) => {
  await signIn(page, ADMIN);
});

test("Saturday and Sunday say 'Sin atención' with no free chip; the server refuses an assignment on them", async ({
  page,
  request,
}) => {
  const sabado = nextSaturday();
  for (const fecha of [sabado, addDaysAR(sabado, 1)]) {
    await open(page, gridUrl("REINTEGROS", fecha));
    await expect(page.getByRole("status").filter({ hasText: "Sin atención" })).toBeVisible();
    await expect(page.getByText("Disponible")).toHaveCount(0);
    // A slot's URL opens no dialog and says why.
    await open(page, `${gridUrl("REINTEGROS", fecha)}&hora_turno=08:00&puesto=1`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(SIN_ATENCION)).toBeVisible();
  }
  const member = await memberForTurnos(request, 65);
  const res = await request.put("/api/turnos", {
    headers: { "x-auth-token": await adminToken(request) },
    data: {
      tipo_tramite: "REINTEGROS",
      fecha_turno: sabado,
      hora_turno: "08:00",
      puesto: 1,
      id_afiliado: member.idafi,
    },
  });
  expect(res.status()).toBe(422);
  expect(await res.json()).toMatchObject({ msg: SIN_ATENCION, errors: [{ param: "fecha_turno", msg: SIN_ATENCION }] });
});

test("a past day shows its appointments read-only: no 'Disponible' chip and no assignment dialog", async ({
  page,
  request,
}) => {
  const fecha = pastWeekday();
  const all = await slotsOf(request, "REINTEGROS", fecha);
  const free = all.find((t) => t.estado_turno === "VACIO")!;
  const taken = all.filter((t) => t.estado_turno !== "VACIO");
  expect(taken.length).toBeGreaterThan(0);
  await open(page, gridUrl("REINTEGROS", fecha));
  await expect(page.getByRole("status").filter({ hasText: "Día pasado" })).toBeVisible();
  await expect(grid(page)).toBeVisible();
  await expect(grid(page).getByText("Disponible")).toHaveCount(0);
  await expect(
    grid(page)
      .getByText(new RegExp(` - ${taken[0].estado_turno}$`))
      .first(),
  ).toBeVisible();
  await open(page, `${gridUrl("REINTEGROS", fecha)}&hora_turno=${free.hora_turno}&puesto=${free.puesto}`);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("El turno ya no puede asignarse")).toBeVisible();
});
