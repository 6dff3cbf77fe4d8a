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

/**
 * A 2024 ficha of `dni` made through the API with one student per member given; the last one inactivated when
 * `inactivarUltimo` (issue 28: what a migration carries over). Returns the ficha id and the students' ids.
 */
export async function fichaConAlumnos(
  request: APIRequestContext,
  dni: string,
  alumnos: { dni: string }[],
  inactivarUltimo = false,
): Promise<{ id: number; alumnos: number[] }> {
  const headers = { "x-auth-token": await adminToken(request) };
  const created = await request.post("/api/mae", {
    headers,
    data: {
      dni,
      apeynom: `PRUEBA MIGRACION ${dni}`,
      titulo_mae: "PROFESOR/A EN EDUCACION ESPECIAL",
      anio_lectivo: 2024,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { ficha } = (await created.json()) as { ficha: { id: number } };
  const ids: number[] = [];
  for (const [i, a] of alumnos.entries()) {
    const added = await request.post("/api/mae/agregarAlumno", {
      headers,
      data: {
        id_ficha: ficha.id,
        alumno: {
          dni: a.dni,
          apeynom: "X",
          expediente: `EXP-MIG-${i}/2024`,
          horario: "LUNES A VIERNES 8 A 12",
          escuela: `ESCUELA N° ${i + 1}`,
          escuela_nivel: "PRIMARIO",
        },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    ids.push(((await added.json()) as { alumno: { id: number } }).alumno.id);
  }
  if (inactivarUltimo) {
    const off = await request.put(`/api/mae/inactivarAlumno/${ids[ids.length - 1]}`, { headers });
    expect(off.status(), await off.text()).toBe(200);
  }
  return { id: ficha.id, alumnos: ids };
}

/** A member's DNI with no MAE ficha in 2024 (a teacher who is a member, issue 28) and the registry's name. */
export async function memberTeacher(request: APIRequestContext): Promise<{ dni: string; nombre: string }> {
  const headers = { "x-auth-token": await adminToken(request) };
  for (;;) {
    const m = await studentMember(request);
    const res = await request.get(`/api/mae?dni=${m.dni}&anio_lectivo=2024`, { headers });
    if (((await res.json()) as { fichas: unknown[] }).fichas.length === 0) return m;
  }
}

/** The look of a locked control (issue 28): dashed border, the not-allowed cursor and the padlock image. */
export async function expectLockedLook(control: Locator) {
  const look = await control.evaluate((el) => {
    const s = getComputedStyle(el);
    return { border: s.borderTopStyle, cursor: s.cursor, image: s.backgroundImage };
  });
  expect(look.border).toBe("dashed");
  expect(look.cursor).toBe("not-allowed");
  expect(look.image).toContain("svg");
}
