// Registro MAE and Listado MAE with JavaScript (spec part 2 §2, §4, §5, §8; ADR 032): a ficha with two students
// named by Validar, one inactivated (read-only, 'Fecha de inactivación'), a new student cancelled, the migration of
// the ficha to 2025 from /listado-mae (its active student with it, ADR 055), and the 2025 ficha deleted. A teacher
// DNI of its own and students nobody else uses.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import {
  ADMIN,
  adminToken,
  dialogsSeen,
  expectDialogSeen,
  expectPath,
  waitForHydration,
  watchDialogs,
} from "./support";
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

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

const resultado = (page: Page, title: string) => page.getByRole("dialog", { name: title });

test("a MAE ficha with two students; one inactivated; the ficha migrated to 2025 from the list", async ({
  page,
  request,
  signIn,
}) => {
  const dni = teacherDni();
  const nombre = `PRUEBA E2E MAE ${dni}`;
  const titulo = "PROFESOR/A EN EDUCACION ESPECIAL";
  const [a, b] = [await studentMember(request), await studentMember(request)];
  await watchDialogs(page);
  await signIn(page, ADMIN);

  // A new ficha: the DNI is looked up once it has 8 characters (none for this year), then saved.
  await open(page, "/regmae");
  await expect(field(page, "Año Lectivo")).toHaveValue("2024");
  await field(page, "DNI").fill(dni);
  await expect(page.getByRole("status").filter({ hasText: "No hay una ficha MAE de ese DNI para 2024" })).toBeVisible();
  await field(page, "Apellido y Nombre").fill(nombre);
  await field(page, "Título MAE").fill(titulo);
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  const fichaId = Number(new URL(page.url()).pathname.split("/").pop());
  await expectDialogSeen(page, "Operación Exitosa", "Ficha guardada con éxito!");
  // Read-only after the save (spec §4): the ficha's fields are disabled; the message goes by itself.
  await expect(field(page, "Apellido y Nombre")).toBeDisabled();
  await expect(resultado(page, "Operación Exitosa")).toBeHidden();
  await expect(page.getByText("Aún no hay alumnos agregados")).toBeVisible();

  // Two students: Validar fills the name (not editable) from the member registry.
  for (const [i, s] of [a, b].entries()) {
    await page.getByRole("link", { name: "Agregar Alumno" }).click();
    let card = page.getByRole("form", { name: "Nuevo alumno 1" });
    if (i === 0) {
      // A DNI that is no member's: the name stays empty and the DNI says why (no dialog, spec §8).
      await field(card, "DNI Alumno").fill("99999998");
      await card.getByRole("button", { name: "Validar" }).click();
      card = page.getByRole("form", { name: "Nuevo alumno 1" });
      await expect(card.getByText("No existe un afiliado con ese DNI")).toBeVisible();
      await expect(field(card, "Apellido y Nombre")).toHaveValue("");
      // Saving without a validated name is refused in the browser already.
      await fillStudent(card, 9);
      await card.getByRole("button", { name: "Guardar" }).click();
      await expect(card.getByText("Valide el DNI del alumno (Validar) para completar el nombre")).toBeVisible();
    }
    await field(card, "DNI Alumno").fill(s.dni);
    await card.getByRole("button", { name: "Validar" }).click();
    const fresh = page.getByRole("form", { name: "Nuevo alumno 1" });
    await expect(field(fresh, "Apellido y Nombre")).toHaveValue(s.nombre);
    await expect(field(fresh, "Apellido y Nombre")).toHaveAttribute("readonly", "");
    await fillStudent(fresh, i + 1);
    await fresh.getByRole("button", { name: "Guardar" }).click();
    await expectDialogSeen(page, "Operación Exitosa", "Datos del alumno guardado con éxito!");
    await expect(page.getByRole("form", { name: `Alumno ${s.nombre}` })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Alumnos (2)" })).toBeVisible();
  await expect(page.getByText("Aún no hay alumnos agregados")).toBeHidden();

  // A new student cancelled: the confirmation of spec §5, then the card is gone.
  await page.getByRole("link", { name: "Agregar Alumno" }).click();
  await page
    .getByRole("form", { name: "Nuevo alumno 1" })
    .getByRole("button", { name: /Cancelar/ })
    .click();
  const cancel = page.getByRole("alertdialog", { name: "¿Estás seguro que deseas cancelar la creación del alumno?" });
  await cancel.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page.getByRole("form", { name: "Nuevo alumno 1" })).toHaveCount(0);

  // Inactivate the first one: confirmation, message, then read-only with the date.
  const first = page.getByRole("form", { name: `Alumno ${a.nombre}` });
  await first.getByRole("link", { name: `Inactivar Alumno ${a.nombre}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "¿Estás seguro de inactiar el alumno?" });
  await confirm.getByRole("button", { name: "Sí, inactivar" }).click();
  await expectDialogSeen(page, "Operación Exitosa", "Alumno inactivado con éxito!");
  const inactive = page.getByRole("form", { name: `Alumno ${a.nombre}` });
  await expect(inactive).toContainText(`Fecha de inactivación: ${todayAR()}`);
  await expect(inactive.getByText("Inactivo", { exact: true })).toBeVisible();
  await expect(field(inactive, "Expediente")).toBeDisabled();
  await expect(inactive.getByRole("button", { name: "Modificar" })).toHaveCount(0);
  await expect(inactive.getByRole("link", { name: /Eliminar|Inactivar/ })).toHaveCount(0);
  // The other one is still active and editable.
  await expect(field(page.getByRole("form", { name: `Alumno ${b.nombre}` }), "Expediente")).toBeEnabled();

  // Modify the other student, then the ficha's title (read-only again afterwards).
  const second = page.getByRole("form", { name: `Alumno ${b.nombre}` });
  await field(second, "Horario").fill("LUNES A VIERNES 13:30 A 17:30");
  await second.getByRole("button", { name: "Modificar" }).click();
  await expectDialogSeen(page, "Operación Exitosa", "Datos del alumno guardado con éxito!");
  await expect(field(page.getByRole("form", { name: `Alumno ${b.nombre}` }), "Horario")).toHaveValue(
    "LUNES A VIERNES 13:30 A 17:30",
  );
  await expect(field(page, "Título MAE")).toBeEnabled();
  await field(page, "Título MAE").fill(`${titulo} (MODIFICADO)`);
  await page.getByRole("button", { name: "Modificar MAE" }).click();
  await expect(page).toHaveURL(new RegExp(`/regmae/${fichaId}\\?ok=modificada$`));
  await expectDialogSeen(page, "Operación Exitosa", "Ficha modificada con éxito!");
  await expect(field(page, "Título MAE")).toHaveValue(`${titulo} (MODIFICADO)`);
  await expect(field(page, "Título MAE")).toBeDisabled();
  await open(page, `/regmae/${fichaId}`);
  await field(page, "Título MAE").fill(titulo);
  await page.getByRole("button", { name: "Modificar MAE" }).click();
  await expect(page).toHaveURL(/\?ok=modificada$/);

  // The list: the ficha with both students, the inactive one disabled; migrate it to 2025.
  await open(page, `/listado-mae?dni_mae=${dni}&anio_lectivo=2024`);
  const table = page.getByRole("table", { name: "Listado MAE" });
  const row = table.getByRole("row").filter({ hasText: dni });
  await expect(row).toHaveCount(1);
  // The inactive one's chip is disabled and '(inactivo)' is said in hidden text beside it (issue 39).
  const alumnos = row.getByRole("listitem");
  await expect(alumnos.filter({ hasText: a.nombre })).toHaveText(`${a.nombre} (inactivo)`);
  await expect(alumnos.filter({ hasText: a.nombre }).locator(".ui-chip")).toHaveAttribute("aria-disabled", "true");
  await expect(alumnos.filter({ hasText: b.nombre })).toHaveText(b.nombre);
  await expect(page.getByRole("button", { name: "XLS" })).toBeDisabled();
  await expect(row.getByRole("link", { name: `Ver la ficha de ${nombre}` })).toHaveAttribute(
    "href",
    `/regmae/${fichaId}`,
  );
  await row.getByRole("link", { name: `Migrar la ficha de ${nombre} a otro registro` }).click();
  await expectPath(page, `/regmae/2025/${dni}/${encodeURIComponent(nombre)}/${encodeURIComponent(titulo)}`);
  await waitForHydration(page);
  await expect(field(page, "Año Lectivo")).toHaveValue("2025");
  await expect(field(page, "DNI")).toHaveValue(dni);
  await expect(field(page, "Apellido y Nombre")).toHaveValue(nombre);
  await expect(field(page, "Título MAE")).toHaveValue(titulo);
  // The active student goes on by default (ADR 055); the inactive one is not offered.
  const pasan = page.getByRole("group", { name: "Alumnos activos de la ficha 2024 que pasan a 2025" });
  await expect(pasan.getByRole("checkbox")).toHaveCount(1);
  await expect(pasan.getByRole("checkbox", { name: new RegExp(`^${b.nombre}`) })).toBeChecked();
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  const migrada = Number(new URL(page.url()).pathname.split("/").pop());
  expect(migrada).not.toBe(fichaId);
  await expect(field(page, "Año Lectivo")).toHaveValue("2025");
  await expect(page.getByRole("heading", { name: "Alumnos (1)" })).toBeVisible();
  await expect(page.getByRole("form", { name: `Alumno ${b.nombre}` })).toBeVisible();

  // The 2025 list has it; the 2024 ficha still has its students.
  await open(page, `/listado-mae?dni_mae=${dni}&anio_lectivo=2025`);
  await expect(page.getByRole("table", { name: "Listado MAE" }).getByRole("row").filter({ hasText: dni })).toHaveCount(
    1,
  );

  // Delete the 2025 ficha: the confirmation says its student goes with it; then the read-only screen.
  await open(page, `/regmae/${migrada}`);
  await page.getByRole("link", { name: "Eliminar MAE" }).click();
  const del = page.getByRole("alertdialog", { name: "¿Estás seguro de eliminar la ficha MAE?" });
  await expect(del).toContainText("Se eliminará también su alumno. No podrás revertir esto");
  await del.getByRole("button", { name: "Sí, eliminar" }).click();
  await expect(page).toHaveURL(/\/regmae\?ok=eliminada$/);
  await expectDialogSeen(page, "Operación Exitosa", "Ficha eliminada con éxito!");
  await expect(field(page, "DNI")).toBeDisabled();
  await expect(page.getByRole("link", { name: "Agregar otra MAE" })).toBeVisible();
});

test("an existing ficha opens when its DNI is typed (8 characters) with its school year", async ({ page, signIn }) => {
  await watchDialogs(page);
  await signIn(page, ADMIN);
  // A seeded 2024 ficha (the first of the list).
  await open(page, "/listado-mae");
  const first = page.getByRole("table", { name: "Listado MAE" }).locator("tbody tr").first();
  const dni = (await first.locator("td").first().innerText()).trim();
  const href = await first.getByRole("link", { name: /^Ver la ficha de / }).getAttribute("href");
  await open(page, "/regmae");
  await field(page, "DNI").fill(dni.slice(0, 7));
  await expect(page).toHaveURL(/\/regmae$/);
  await field(page, "DNI").fill(dni);
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(field(page, "DNI")).toHaveAttribute("readonly", "");
  await expect(field(page, "Año Lectivo")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Modificar MAE" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Agregar otra MAE" })).toHaveCount(0);
});

test("a confirmation opened by its URL is a dialog; Cancelar goes back and changes nothing", async ({
  page,
  signIn,
}) => {
  await watchDialogs(page);
  await signIn(page, ADMIN);
  await open(page, "/listado-mae?anio_lectivo=2025");
  const href = await page
    .getByRole("table", { name: "Listado MAE" })
    .locator("tbody tr")
    .first()
    .getByRole("link", { name: /^Ver la ficha de / })
    .getAttribute("href");
  await open(page, `${href}?confirmar=eliminar`);
  const dialog = page.getByRole("alertdialog", { name: "¿Estás seguro de eliminar la ficha MAE?" });
  await expect(dialog).toContainText("No podrás revertir esto");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Modificar MAE" })).toBeVisible();
});

test("two pages on one ficha: the second 'Modificar MAE' and the second student 'Modificar' are refused, values kept (ADR 047)", async ({
  page,
  context,
  request,
  signIn,
}) => {
  const STALE = "El registro fue modificado por otro usuario: vuelva a cargarlo";
  const dni = teacherDni();
  const titulo = "PROFESOR/A EN EDUCACION ESPECIAL";
  const alumno = await studentMember(request);
  const headers = { "x-auth-token": await adminToken(request) };
  const created = await request.post("/api/mae", {
    headers,
    data: { dni, apeynom: `PRUEBA VERSION ${dni}`, titulo_mae: titulo, anio_lectivo: 2024 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { ficha } = (await created.json()) as { ficha: { id: number } };
  const added = await request.post("/api/mae/agregarAlumno", {
    headers,
    data: {
      id_ficha: ficha.id,
      alumno: {
        dni: alumno.dni,
        apeynom: alumno.nombre,
        expediente: "EXP-V/2024",
        horario: "LUNES 8 A 12",
        escuela: "ESCUELA N° 1",
        escuela_nivel: "PRIMARIO",
      },
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await watchDialogs(page);
  await signIn(page, ADMIN);
  const other = await context.newPage();
  for (const p of [page, other]) await open(p, `/regmae/${ficha.id}`);

  // The ficha.
  await field(page, "Título MAE").fill(`${titulo} (PRIMERO)`);
  await page.getByRole("button", { name: "Modificar MAE" }).click();
  await expect(page).toHaveURL(new RegExp(`/regmae/${ficha.id}\\?ok=modificada$`));
  await field(other, "Título MAE").fill(`${titulo} (SEGUNDO)`);
  await other.getByRole("button", { name: "Modificar MAE" }).click();
  await expect(resultado(other, "No es posible guardar")).toContainText(STALE);
  await other.keyboard.press("Escape");
  await expect(other.getByRole("alert").filter({ hasText: STALE })).toBeVisible();
  await expect(field(other, "Título MAE")).toHaveValue(`${titulo} (SEGUNDO)`);

  // A student.
  await open(page, `/regmae/${ficha.id}`);
  const mine = page.getByRole("form", { name: `Alumno ${alumno.nombre}` });
  await field(mine, "Horario").fill("MARTES 8 A 12");
  await mine.getByRole("button", { name: "Modificar" }).click();
  await expectDialogSeen(page, "Operación Exitosa", "Datos del alumno guardado con éxito!");
  const theirs = other.getByRole("form", { name: `Alumno ${alumno.nombre}` });
  await field(theirs, "Horario").fill("MIERCOLES 8 A 12");
  await theirs.getByRole("button", { name: "Modificar" }).click();
  await expect(resultado(other, "No es posible guardar")).toContainText(STALE);
  await other.keyboard.press("Escape");
  const card = other.getByRole("form", { name: `Alumno ${alumno.nombre}` });
  await expect(card.getByRole("alert").filter({ hasText: STALE })).toBeVisible();
  await expect(field(card, "Horario")).toHaveValue("MIERCOLES 8 A 12");

  const res = await request.get(`/api/mae?id=${ficha.id}`, { headers });
  const stored = ((await res.json()) as { fichas: Record<string, unknown>[] }).fichas[0];
  expect(stored).toMatchObject({ titulo_mae: `${titulo} (PRIMERO)`, version: 2 });
  expect(stored.alumnos).toMatchObject([{ horario: "MARTES 8 A 12", version: 2 }]);
});

// ---- Issue 28 (ADR 055) -------------------------------------------------------------------------------------------

test("after 'Guardar MAE' the ficha is read-only, says so and offers 'Modificar'; one message; locked fields look locked", async ({
  page,
  signIn,
}) => {
  const dni = teacherDni();
  await watchDialogs(page);
  // Every inline alert the page ever holds as an element, from the first byte of each document on.
  await page.addInitScript(() => {
    const w = window as unknown as { __inline: string[] };
    w.__inline = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll(".ui-alert")) {
        if (!w.__inline.includes(el.textContent ?? "")) w.__inline.push(el.textContent ?? "");
      }
    }).observe(document, { subtree: true, childList: true });
  });
  const inline = () => page.evaluate(() => (window as unknown as { __inline: string[] }).__inline);
  await signIn(page, ADMIN);
  await open(page, "/regmae");
  await field(page, "DNI").fill(dni);
  await field(page, "Apellido y Nombre").fill(`PRUEBA LECTURA ${dni}`);
  await field(page, "Título MAE").fill("PROFESOR/A");
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  const fichaPath = new URL(page.url()).pathname;
  await expectDialogSeen(page, "Operación Exitosa", "Ficha guardada con éxito!");
  // One message: the dialog, never also an alert on the page (not even on a page loaded afresh with JavaScript).
  await expect(page.locator(".mae-resultado")).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expectDialogSeen(page, "Operación Exitosa", "Ficha guardada con éxito!");
  expect(await inline()).toEqual([]);
  expect((await dialogsSeen(page)).filter((d) => d.includes("Ficha guardada"))).toEqual([]);

  // Read-only (spec §4), said in words, each control disabled / read-only and looking locked.
  await expect(page.getByRole("note")).toHaveText(
    "La ficha se muestra en modo lectura. Para cambiar sus datos use 'Modificar'.",
  );
  for (const name of ["Año Lectivo", "DNI", "Apellido y Nombre", "Título MAE"]) {
    await expect(field(page, name)).toBeDisabled();
    await expectLockedLook(field(page, name));
  }
  await expect(field(page, "DNI")).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Modificar MAE" })).toHaveCount(0);

  // 'Modificar' opens the ficha for editing: the DNI and year stay locked, the name and title do not.
  await page.getByRole("link", { name: "Modificar", exact: true }).click();
  await expectPath(page, fichaPath);
  await expect(page.getByRole("button", { name: "Modificar MAE" })).toBeVisible();
  await expect(page.getByRole("note")).toHaveCount(0);
  await expect(field(page, "Título MAE")).toBeEnabled();
  await expect(field(page, "DNI")).toHaveAttribute("readonly", "");
  await expectLockedLook(field(page, "DNI"));
  await expectLockedLook(field(page, "Año Lectivo"));
  const editable = await field(page, "Título MAE").evaluate((el) => getComputedStyle(el).cursor);
  expect(editable).not.toBe("not-allowed");
});

test("a teacher DNI that is a member and has no ficha says so and takes the registry's name", async ({
  page,
  request,
  signIn,
}) => {
  const member = await memberTeacher(request);
  await watchDialogs(page);
  await signIn(page, ADMIN);
  await open(page, "/regmae");
  await field(page, "Apellido y Nombre").fill("NOMBRE TIPEADO");
  await field(page, "DNI").fill(member.dni);
  await expect(
    page.getByRole("status").filter({ hasText: "El DNI es de un afiliado sin ficha MAE para 2024" }),
  ).toBeVisible();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await expect(field(page, "Apellido y Nombre")).toHaveAttribute("readonly", "");
  await expectLockedLook(field(page, "Apellido y Nombre"));
  await field(page, "Título MAE").fill("PROFESOR/A");
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);

  // The server decides: a client that sends another name for a member's DNI gets the registry's stored.
  const headers = { "x-auth-token": await adminToken(request) };
  const res = await request.post("/api/mae", {
    headers,
    data: { dni: member.dni, apeynom: "OTRO NOMBRE", titulo_mae: "T", anio_lectivo: 2025 },
  });
  expect(res.status()).toBe(201);
  expect(((await res.json()) as { ficha: { apeynom: string } }).ficha.apeynom).toBe(member.nombre);
});

test("migrating a ficha to 2025 lists its active students, each kept or left; the kept ones are copied", async ({
  page,
  request,
  signIn,
}) => {
  const dni = teacherDni();
  const [a, b, c] = [await studentMember(request), await studentMember(request), await studentMember(request)];
  await fichaConAlumnos(request, dni, [a, b, c], true);
  await watchDialogs(page);
  await signIn(page, ADMIN);
  await open(page, `/listado-mae?dni_mae=${dni}&anio_lectivo=2024`);
  await page
    .getByRole("table", { name: "Listado MAE" })
    .getByRole("link", { name: /^Migrar la ficha/ })
    .click();
  await waitForHydration(page);
  const grupo = page.getByRole("group", { name: "Alumnos activos de la ficha 2024 que pasan a 2025" });
  // The active ones, checked by default; the inactive one is not offered.
  await expect(grupo.getByRole("checkbox")).toHaveCount(2);
  await expect(grupo.getByRole("checkbox", { name: new RegExp(`^${a.nombre}`) })).toBeChecked();
  await expect(grupo.getByRole("checkbox", { name: new RegExp(`^${b.nombre}`) })).toBeChecked();
  await expect(grupo.getByText(c.nombre)).toHaveCount(0);
  await grupo.getByRole("checkbox", { name: new RegExp(`^${b.nombre}`) }).uncheck();
  await page.getByRole("button", { name: "Guardar MAE" }).click();
  await expect(page).toHaveURL(/\/regmae\/\d+\?ok=guardada$/);
  await expectDialogSeen(page, "Operación Exitosa", "Ficha guardada con éxito!");
  await expect(page.getByRole("heading", { name: "Alumnos (1)" })).toBeVisible();
  const copied = page.getByRole("form", { name: `Alumno ${a.nombre}` });
  await expect(field(copied, "Expediente")).toHaveValue("EXP-MIG-0/2024");
  await expect(copied.getByText("Activo", { exact: true })).toBeVisible();
});
