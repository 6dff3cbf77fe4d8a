// Helpers of the CAPA specs (with and without JavaScript): demo members of their own for each worker, a DNI of no
// member, the form's regions, and a record created through the API.
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { field } from "./ficha-support";
import { adminToken } from "./support";

export { field };

export const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });

/**
 * A positive date (ISO, before today, from 2020 on) this process has not handed out: a member has one CAPA record per
 * positive date (issue 35), and the specs register several for the same members. Each process starts at a random
 * day, so two workers (or a retry) hardly ever meet on one member.
 */
let positivos = Math.floor(Math.random() * 1000);
export function positivoUnico(): string {
  const today = Date.parse(todayAR());
  const span = Math.min(2000, Math.floor((today - Date.parse("2020-01-01")) / 86_400_000));
  const n = 1 + (positivos++ % span);
  return new Date(today - n * 86_400_000).toISOString().slice(0, 10);
}

export type Persona = { dni: string; nombre: string };
export type CapaPeople = { titular: Persona; familiar: Persona; ajeno: string };

/**
 * Two members (active, 7–8 digit DNI) from the member list at pages 20–35 (the oncology specs take pages 40 on,
 * the name search's members come first by name), a page pair per worker and project so parallel tests differ, and a
 * DNI no member has. A member has one record per positive date (issue 35): records take positivoUnico().
 */
export async function capaPeople(request: APIRequestContext, offset = 0): Promise<CapaPeople> {
  const headers = { "x-auth-token": await adminToken(request) };
  const page = 20 + ((test.info().parallelIndex * 2 + offset) % 16);
  const res = await request.get(`/api/afiliado/listado-afiliados/?page=${page}&size=20&obtener_total=false`, {
    headers,
  });
  expect(res.status(), `member list page ${page}`).toBe(200);
  const { listado } = (await res.json()) as { listado: { numdoc: string; apeynom: string }[] };
  const people = listado
    .map((m) => ({ dni: m.numdoc.trim(), nombre: m.apeynom.trim() }))
    .filter((m) => /^\d{7,8}$/.test(m.dni));
  const [titular, familiar] = people.filter((m, i) => people.findIndex((o) => o.dni === m.dni) === i);
  expect(familiar, `two members with a DNI on page ${page}`).toBeTruthy();
  for (let n = 1; n < 50; n++) {
    const dni = String(1_000_000 + n);
    const lookup = await request.get(`/api/afiliado/?targetField=dni&dni=${dni}`, { headers });
    if (((await lookup.json()) as { resultado: unknown[] }).resultado.length === 0)
      return { titular, familiar, ajeno: dni };
  }
  throw new Error("no DNI without a member found");
}

/** A unique marker for this test's texts (locality), so lists can find the record whatever else is there. */
export function marker(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;
}

export const afiliado = (page: Page): Locator => page.getByRole("region", { name: "Afiliado" });
export const paciente = (page: Page): Locator => page.getByRole("region", { name: "Datos del paciente" });
export const integrante = (page: Page, n: number): Locator => page.getByRole("group", { name: `Integrante ${n}` });

/** A record registered through POST /api/capa-covid (today), with `integrantes` household members. */
export async function apiRecord(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<{ id: number; nro_registro: number }> {
  const res = await request.post("/api/capa-covid", {
    headers: { "x-auth-token": await adminToken(request) },
    data: body,
  });
  expect(res.status(), `POST /api/capa-covid: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { ficha: { id: number; nro_registro: number } }).ficha;
}

/** Fills the form's required data for member `titular` (looked up) and `localidad`, with 'Tipo de módulo' chosen. */
export async function fillCapa(page: Page, titular: Persona, localidad: string): Promise<void> {
  // The patient's fields first, then the lookup, which keeps everything typed: the form restarts with the lookup's
  // values in two renders (CapaScreen), and a robot typing between them (a loaded CI machine) would see its text
  // replaced; a person cannot type within that frame.
  await field(paciente(page), "Localidad").fill(localidad);
  await field(paciente(page), "Fecha de positivo").fill(positivoUnico());
  await field(paciente(page), "Teléfono").fill("3834 555444");
  await field(paciente(page), "Tipo de módulo").selectOption("modulo3046");
  await field(afiliado(page), "DNI").fill(titular.dni);
  await afiliado(page).getByRole("button", { name: "Buscar" }).click();
  await expect(field(afiliado(page), "Apellido y Nombre")).toHaveValue(titular.nombre);
  await expect(field(paciente(page), "Localidad")).toHaveValue(localidad);
}

/** The option 'Tipo de módulo' shows (its text; '' when none is selected). */
export function moduloShown(page: Page): Promise<string> {
  return field(paciente(page), "Tipo de módulo").evaluate(
    (s: HTMLSelectElement) => s.options[s.selectedIndex]?.text ?? "",
  );
}
