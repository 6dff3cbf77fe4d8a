// 'Listado MAE' (issue 39 item 8): an inactive student's chip says '(inactivo)' in visually hidden text (no aria-label
// on a span), and the ficha's 'Título MAE' and the student's 'Escuela Nivel' are stored as the registry writes text,
// like the names: sent as 'Profesora  de nivel inicial ' / 'primario', they show 'PROFESORA DE NIVEL INICIAL' /
// 'PRIMARIO'. Shared by mae-listado.spec.ts and its no-JavaScript twin.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./axe";
import { studentMember, teacherDni } from "./mae-support";
import { adminToken } from "./support";

export type FichaDePrueba = { dni: string; activo: string; inactivo: string };

/** A 2024 ficha with a hand-typed title and two students (the second inactivated), through the API. */
export async function fichaConInactivo(request: APIRequestContext): Promise<FichaDePrueba> {
  const headers = { "x-auth-token": await adminToken(request) };
  const dni = teacherDni();
  const created = await request.post("/api/mae", {
    headers,
    data: { dni, apeynom: `prueba listado ${dni}`, titulo_mae: " Profesora  de nivel inicial ", anio_lectivo: 2024 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { ficha } = (await created.json()) as { ficha: { id: number; titulo_mae: string } };
  expect(ficha.titulo_mae).toBe("PROFESORA DE NIVEL INICIAL");
  const nombres: string[] = [];
  let ultimo = 0;
  for (const [i, m] of [await studentMember(request), await studentMember(request)].entries()) {
    const added = await request.post("/api/mae/agregarAlumno", {
      headers,
      data: {
        id_ficha: ficha.id,
        alumno: {
          dni: m.dni,
          apeynom: "X",
          expediente: `EXP-${i}`,
          horario: "8 A 12",
          escuela: "N° 1",
          escuela_nivel: "primario",
        },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { alumno } = (await added.json()) as { alumno: { id: number; escuela_nivel: string } };
    expect(alumno.escuela_nivel).toBe("PRIMARIO");
    nombres.push(m.nombre);
    ultimo = alumno.id;
  }
  const off = await request.put(`/api/mae/inactivarAlumno/${ultimo}`, { headers });
  expect(off.status(), await off.text()).toBe(200);
  return { dni, activo: nombres[0], inactivo: nombres[1] };
}

export async function checkListadoMae(page: Page, f: FichaDePrueba, { axe, shot }: { axe: boolean; shot: string }) {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/listado-mae?dni_mae=${f.dni}&anio_lectivo=2024`);
    const row = page.getByRole("table", { name: "Listado MAE" }).getByRole("row").filter({ hasText: f.dni });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole("cell", { name: "PROFESORA DE NIVEL INICIAL", exact: true })).toBeVisible();
    const alumnos = row.getByRole("list", { name: /^Alumnos de / }).getByRole("listitem");
    // What a screen reader reads: the inactive one with '(inactivo)', the active one by its name alone.
    await expect(alumnos.filter({ hasText: f.inactivo })).toHaveText(`${f.inactivo} (inactivo)`);
    await expect(alumnos.filter({ hasText: f.activo })).toHaveText(f.activo);
    // '(inactivo)' is visually hidden text; no chip carries an aria-label.
    const hidden = alumnos.filter({ hasText: f.inactivo }).getByText("(inactivo)");
    await expect(hidden).toHaveClass(/\bui-sr-only\b/);
    await expect(row.locator(".ui-chip[aria-label]")).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "the page does not scroll sideways").toBeLessThanOrEqual(1);
    await page.screenshot({ path: `/work/shots/b/${shot}-${width}.png`, fullPage: true });
    if (axe) await expectNoSeriousA11yViolations(page);
  }
}
