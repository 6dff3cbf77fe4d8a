// Registro MAE and Listado MAE without JavaScript (spec part 2 §2, §4, §5, §8; ADR 032): 'Buscar' looks the DNI up,
// a ficha is saved, a student is validated and saved, another new one is cancelled (its confirmation step), one is
// inactivated (the confirmation step addressed by the URL), the list shows them, and the ficha is deleted with its
// student after a confirmation that says so.
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, expectPath } from "./support";
import {
  expectLockedLook,
  field,
  fichaConAlumnos,
  fillStudent,
  memberTeacher,
  studentMember,
  teacherDni,
  todayAR,
} from "./mae-support";

test.describe.configure({ timeout: 120_000 });

test("a MAE ficha and a student without JavaScript", async ({ page, request, signIn }) => {
  const dni = teacherDni();
  const nombre = `PRUEBA NOJS MAE ${dni}`;
  const alumno = await studentMember(request);
  await signIn(page, ADMIN);

  // 'Buscar' (the fetch by DNI and year): none for 2025; the DNI stays, the year too.
  await page.goto("/regmae");
  await field(page, "Año Lectivo").selectOption("2025");
  await field(page, "DNI").fill(dni);
  await field(page, "Apellido y Nombre").fill("SE BORRA");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "No hay una ficha MAE de ese DNI para 2025" })).toBeVisible();
  await expect(field(page, "DNI")).toHaveValue(dni);
  await expect(field(page, "Año Lectivo")).toHaveValue("2025");
  await expect(field(page, "Apellido y Nombre")).toHaveValue("");

  // A missing title: the server's field error, nothing saved.
  await field(page, "Apellido y Nombre").fill(nombre);
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Revise los campos marcados" })).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "Revise los campos marcados" })).toBeVisible();
  await expect(page.getByText("Campo obligatorio")).toBeVisible();

  await field(page, "Título MAE").fill("ACOMPAÑANTE TERAPEUTICO/A");
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  const fichaPath = new URL(page.url()).pathname;
  await expect(page.getByRole("status").filter({ hasText: "Ficha guardada con éxito!" })).toContainText(
    "Operación Exitosa",
  );
  await expect(field(page, "Apellido y Nombre")).toBeDisabled();
  await expect(page.getByText("Aún no hay alumnos agregados")).toBeVisible();

  // A new student (?alumno=nuevo): Validar names it from the registry, then it is saved.
  await page.getByRole("link", { name: "Agregar Alumno" }).click();
  let card = page.getByRole("form", { name: "Nuevo alumno 1" });
  await field(card, "DNI Alumno").fill(alumno.dni);
  await fillStudent(card, 1);
  await card.getByRole("button", { name: "Validar" }).click();
  card = page.getByRole("form", { name: "Nuevo alumno 1" });
  await expect(field(card, "Apellido y Nombre")).toHaveValue(alumno.nombre);
  await expect(field(card, "Expediente")).toHaveValue("EXP-E2E-1/2024");
  await card.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Datos del alumno guardado con éxito!" })).toBeVisible();
  await expect(page.getByRole("form", { name: `Alumno ${alumno.nombre}` })).toBeVisible();
  await expect(page.getByRole("form", { name: "Nuevo alumno 1" })).toHaveCount(0);

  // Another new one, cancelled: the confirmation step keeps what was typed until 'Sí, cancelar'.
  await page.getByRole("link", { name: "Agregar Alumno" }).click();
  card = page.getByRole("form", { name: "Nuevo alumno 1" });
  await field(card, "Expediente").fill("EXP-CANCELADO");
  await card.getByRole("button", { name: /Cancelar/ }).click();
  const ask = page.getByRole("alertdialog", { name: "¿Estás seguro que deseas cancelar la creación del alumno?" });
  await ask.getByRole("button", { name: "No" }).click();
  await expect(field(page.getByRole("form", { name: "Nuevo alumno 1" }), "Expediente")).toHaveValue("EXP-CANCELADO");
  await page
    .getByRole("form", { name: "Nuevo alumno 1" })
    .getByRole("button", { name: /Cancelar/ })
    .click();
  await page
    .getByRole("alertdialog", { name: "¿Estás seguro que deseas cancelar la creación del alumno?" })
    .getByRole("link", { name: "Sí, cancelar" })
    .click();
  await expectPath(page, fichaPath);
  await expect(page.getByRole("form", { name: "Nuevo alumno 1" })).toHaveCount(0);

  // Inactivate: the confirmation step (?confirmar=inactivar-alumno), then read-only with the date.
  await page
    .getByRole("form", { name: `Alumno ${alumno.nombre}` })
    .getByRole("link", { name: `Inactivar Alumno ${alumno.nombre}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "¿Estás seguro de inactiar el alumno?" });
  await expect(confirm).toContainText(alumno.dni);
  await confirm.getByRole("button", { name: "Sí, inactivar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Alumno inactivado con éxito!" })).toBeVisible();
  const inactive = page.getByRole("form", { name: `Alumno ${alumno.nombre}` });
  await expect(inactive).toContainText(`Fecha de inactivación: ${todayAR()}`);
  await expect(field(inactive, "Horario")).toBeDisabled();
  await expect(inactive.getByRole("button", { name: "Modificar" })).toHaveCount(0);

  // The list of 2025 shows the ficha with its (inactive) student.
  await page.goto(`/listado-mae?dni_mae=${dni}&anio_lectivo=2025`);
  const row = page.getByRole("table", { name: "Listado MAE" }).getByRole("row").filter({ hasText: dni });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("listitem").filter({ hasText: alumno.nombre })).toHaveText(`${alumno.nombre} (inactivo)`);
  // 2025 is the last school year offered: no migration from it.
  await expect(row.getByRole("link", { name: /^Migrar/ })).toHaveCount(0);
  await row.getByRole("link", { name: `Ver la ficha de ${nombre}` }).click();
  await expectPath(page, fichaPath);

  // Delete the ficha: the step says its student goes with it.
  await page.getByRole("link", { name: "Eliminar MAE" }).click();
  const del = page.getByRole("alertdialog", { name: "¿Estás seguro de eliminar la ficha MAE?" });
  await expect(del).toContainText("Se eliminará también su alumno. No podrás revertir esto");
  await del.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page).toHaveURL(/\/regmae\?ok=eliminada$/);
  await expect(page.getByRole("status").filter({ hasText: "Ficha eliminada con éxito!" })).toBeVisible();
  await page.goto(fichaPath);
  await expect(page.getByRole("heading", { name: "Ficha MAE no encontrada" })).toBeVisible();
});

// ---- Issue 28 (ADR 055) -------------------------------------------------------------------------------------------

test("without JavaScript: one message after a save, read-only with 'Modificar', locked look; a member's DNI", async ({
  page,
  request,
  signIn,
}) => {
  const member = await memberTeacher(request);
  await signIn(page, ADMIN);
  await page.goto("/regmae");
  await field(page, "DNI").fill(member.dni);
  await field(page, "Apellido y Nombre").fill("NOMBRE TIPEADO");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "El DNI es de un afiliado sin ficha MAE para 2024" }),
  ).toBeVisible();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await expect(field(page, "Apellido y Nombre")).toHaveAttribute("readonly", "");
  await field(page, "Título MAE").fill("PROFESOR/A");
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  const fichaPath = new URL(page.url()).pathname;
  // The message once: an alert on the page (no dialog without JavaScript).
  await expect(page.getByRole("status").filter({ hasText: "Ficha guardada con éxito!" })).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("note")).toHaveText(
    "La ficha se muestra en modo lectura. Para cambiar sus datos use 'Modificar'.",
  );
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await expect(field(page, "Apellido y Nombre")).toBeDisabled();
  await expectLockedLook(field(page, "Título MAE"));
  await page.getByRole("link", { name: "Modificar", exact: true }).click();
  await expectPath(page, fichaPath);
  await expect(field(page, "Título MAE")).toBeEnabled();
  await field(page, "Título MAE").fill("PROFESOR/A (MODIFICADO)");
  await page.getByRole("button", { name: "Modificar MAE" }).click();
  await expect(page).toHaveURL(/\?ok=modificada$/);
  await expect(page.getByRole("status").filter({ hasText: "Ficha modificada con éxito!" })).toHaveCount(1);
});

test("without JavaScript: a migration carries the checked active students over", async ({ page, request, signIn }) => {
  const dni = teacherDni();
  const [a, b, c] = [await studentMember(request), await studentMember(request), await studentMember(request)];
  await fichaConAlumnos(request, dni, [a, b, c], true);
  await signIn(page, ADMIN);
  await page.goto(`/listado-mae?dni_mae=${dni}&anio_lectivo=2024`);
  await page
    .getByRole("table", { name: "Listado MAE" })
    .getByRole("link", { name: /^Migrar la ficha/ })
    .click();
  const grupo = page.getByRole("group", { name: "Alumnos activos de la ficha 2024 que pasan a 2025" });
  await expect(grupo.getByRole("checkbox")).toHaveCount(2);
  await expect(grupo.getByText(c.nombre)).toHaveCount(0);
  await grupo.getByRole("checkbox", { name: new RegExp(`^${a.nombre}`) }).uncheck();
  await expect(grupo.getByRole("checkbox", { name: new RegExp(`^${b.nombre}`) })).toBeChecked();
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  await expect(page.getByRole("heading", { name: "Alumnos (1)" })).toBeVisible();
  await expect(field(page.getByRole("form", { name: `Alumno ${b.nombre}` }), "Expediente")).toHaveValue(
    "EXP-MIG-1/2024",
  );
  await expect(page.getByRole("form", { name: `Alumno ${a.nombre}` })).toHaveCount(0);
});
