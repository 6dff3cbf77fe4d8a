// Helpers of the MAE specs: a teacher DNI of this run (no seeded MAE uses the 10–19 million range), students that are
// demo members (Validar names them from the registry) and the registry's name of a DNI.
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { freeMemberDni } from "./ficha-support";
import { adminToken } from "./support";

/** A teacher's DNI for this test: 8 digits from 10 000 000 to 19 999 999 (the seed's teachers are 25–40 million). */
export function teacherDni(): string {
  return String(10_000_000 + Math.floor(Math.random() * 9_999_999));
}

/** A demo member for a student card (a member other specs do not use) and the name Validar must fill in. */
export async function studentMember(request: APIRequestContext): Promise<{ dni: string; nombre: string }> {
  const dni = await freeMemberDni(request);
  const res = await request.get(`/api/afiliado/?targetField=dni&dni=${dni}`, {
    headers: { "x-auth-token": await adminToken(request) },
  });
  expect(res.status()).toBe(200);
  const { resultado } = (await res.json()) as { resultado: { apeynom: string }[] };
  return { dni, nombre: resultado[0].apeynom.trim() };
}

/** The control of a label (required fields' labels end in an aria-hidden ' *'). */
export function field(scope: Page | Locator, text: string): Locator {
  return scope.getByLabel(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s*\\*)?$`));
}

/** Today in the insurer's time zone as the screen shows it (dd/mm/yyyy). */
export function todayAR(): string {
  return new Date().toLocaleDateString("es-AR", {
    timeZone: "America/Argentina/Catamarca",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
}

/** Fills a student card's data (not the DNI nor the name). */
export async function fillStudent(card: Locator, n: number) {
  await field(card, "Expediente").fill(`EXP-E2E-${n}/2024`);
  await field(card, "Horario").fill("LUNES A VIERNES 08:00 A 12:00");
  await field(card, "Escuela").fill("ESCUELA N° 1 FRAY MAMERTO ESQUIU");
  await field(card, "Escuela Nivel").fill("PRIMARIO");
}
