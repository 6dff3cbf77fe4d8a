// Helpers of the appointment specs (Asignacion de Turnos, Consulta de Turnos, with and without JavaScript). Each
// test works on a procedure type and a weekday 5–9 days ahead of its own (the demo seed fills about a third of the
// slots up to 10 days ahead; free ones are picked from the API), so parallel specs never share a slot:
//   turnos.spec.ts            REINTEGROS +5, AFILIACIONES +6, CREDENCIALES +7 (409), DISCAPACIDAD +8 (390 px)
//   turnos.nojs.spec.ts       REINTEGROS +9
//   listado-turnos.spec.ts    CREDENCIALES +9
//   turnos-dias*.spec.ts      Saturdays and Sundays, and a past day (read only)
//   turnos-front*.spec.ts     AUTORIZACIONES +6 (dialogs, keyboard, refusals)
//   turnos-live*.spec.ts      AFILIACIONES +11 and +12 (no-js) (two desks on one live grid; past the seed's fill)
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { adminToken, waitForHydration } from "./support";

export const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** A calendar date plus n days (negative: before). */
export const addDaysAR = addDays;
/** The weekday of a calendar date: 0 Sunday … 6 Saturday. */
export const weekdayOfAR = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

/** The first weekday (Monday–Friday) at least `n` days after today (Catamarca). */
export function weekdayAhead(n: number): string {
  let d = addDays(todayAR(), n);
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

/** dd/mm/yyyy of an ISO date. */
export const ar = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export type Slot = { tipo_tramite: string; fecha_turno: string; hora_turno: string; puesto: number; nro_turno: number };
type ApiTurno = Slot & { id: number | null; estado_turno: string; dni_afiliado: string };

async function headers(request: APIRequestContext) {
  return { "x-auth-token": await adminToken(request) };
}

/** Every slot of a type's day (GET /api/turnos/turnostipotramite/). */
export async function slotsOf(request: APIRequestContext, tipo: string, fecha: string): Promise<ApiTurno[]> {
  const res = await request.get(
    `/api/turnos/turnostipotramite/?tipo_tramite=${encodeURIComponent(tipo)}&fecha_turno=${fecha}`,
    { headers: await headers(request) },
  );
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { turnos: ApiTurno[] }).turnos;
}

/** Free slots of a type's day, last first (the seed and other tests take the early ones less often: any is fine). */
export async function freeSlots(request: APIRequestContext, tipo: string, fecha: string): Promise<Slot[]> {
  const all = await slotsOf(request, tipo, fecha);
  const free = all.filter((t) => t.estado_turno === "VACIO").reverse();
  expect(free.length, `free slots of ${tipo} on ${fecha}`).toBeGreaterThan(2);
  return free;
}

export type Member = { idafi: number; dni: string; apeynom: string };

/** An active demo member with a 7–8 digit DNI, from a page of the member list no other spec reads (page `page`). */
export async function memberForTurnos(request: APIRequestContext, page: number): Promise<Member> {
  const res = await request.get(`/api/afiliado/listado-afiliados/?page=${page}&size=20&obtener_total=false`, {
    headers: await headers(request),
  });
  expect(res.status()).toBe(200);
  const { listado } = (await res.json()) as {
    listado: { id: number; numdoc: string; apeynom: string; fechbaja: string }[];
  };
  const m = listado.find((r) => /^\d{7,8}$/.test(r.numdoc.trim()) && r.fechbaja === "0001-01-01");
  expect(m, "an active member with a 7–8 digit DNI").toBeTruthy();
  return { idafi: m!.id, dni: m!.numdoc.trim(), apeynom: m!.apeynom.trim() };
}

/** PUT /api/turnos as admin: assigns `slot` to a member. */
export async function assignByApi(request: APIRequestContext, slot: Slot, idafi: number) {
  return request.put("/api/turnos", {
    headers: await headers(request),
    data: {
      tipo_tramite: slot.tipo_tramite,
      fecha_turno: slot.fecha_turno,
      hora_turno: slot.hora_turno,
      puesto: slot.puesto,
      id_afiliado: idafi,
    },
  });
}

/** The screen's URL of a type's day. */
export const gridUrl = (tipo: string, fecha: string) =>
  `/turnos?tipo_tramite=${encodeURIComponent(tipo)}&fecha_turno=${fecha}`;

/** The accessible name of a grid cell's chip link ('Disponible, 08:00, puesto 2'). */
export const cellName = (label: string, slot: Pick<Slot, "hora_turno" | "puesto">) =>
  `${label}, ${slot.hora_turno}, puesto ${slot.puesto}`;

export const nro = (n: number) => String(n).padStart(3, "0");

/** The grid (the table of the day). */
export const grid = (page: Page) => page.getByRole("table", { name: /^Turnos de / });

/** Opens `url` and waits until the screen is hydrated (its chips and dialogs answer clicks). */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForHydration(page);
}

/** The dialog named `name` (the assignment's, a status change's…). */
export const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });
