// Nueva Ficha (spec part 1 §2–§8): create a ficha with two drug rows (member found by DNI), the read-only view,
// modify it (body surface recomputed), a drug change (new ficha, CAMBIO_MEDICAMENTO), the validation errors, and a
// ficha without drugs (decision 027: drugs optional, the DNI must be a member's).
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { demoMember, field, fillMemberGaps, freeMemberDni } from "./ficha-support";
import { ADMIN, adminToken, CONSULTA, expectPath, waitForHydration } from "./support";

/** Nueva Ficha's refusal of a DNI typed over the member's data without 'Buscar' (issue 26). */
const BUSCAR_PRIMERO = "Presione 'Buscar' para cargar los datos del afiliado de este DNI";
/** The member's fields that a changed DNI or a failed lookup empties. */
const MEMBER_FIELDS = ["Apellido y Nombre", "Nro. Afiliado", "Parentesco", "Sexo", "Estado Civil", "Domicilio"];

async function fillDrug(
  page: Page,
  n: number,
  values: { mg: string; dias: string; dosis: string; cant: string; ciclos: string; frec: string },
) {
  const row = page.getByRole("group", { name: `Droga ${n}` });
  await field(row, "Droga").selectOption({ index: n });
  await field(row, "Mgrs. Protocolo").fill(values.mg);
  await field(row, "Días de Protocolo").fill(values.dias);
  await field(row, "Dosis por Día").fill(values.dosis);
  await field(row, "Presentación").selectOption("Comprimido");
  await field(row, "Cantidad por Presentación").fill(values.cant);
  await field(row, "Ciclos").fill(values.ciclos);
  await field(row, "Frecuencia (días)").selectOption(values.frec);
}

test("admin creates, views, modifies and changes the drugs of a ficha, then finds, opens and deletes it in Buscar Ficha", async ({
  page,
  request,
  signIn,
}) => {
  const member = await demoMember(request);
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await waitForHydration(page, "form.ficha-form *");
  await expect(page.getByRole("heading", { name: "Nueva Ficha", level: 2 })).toBeVisible();
  await expect(page.getByTestId("estado-ficha")).toHaveText("INGRESO");

  // an unknown DNI → 'Afiliado No Existe'
  await field(page, "DNI").fill("99999998");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const notFound = page.getByRole("dialog", { name: "Afiliado No Existe" });
  await expect(notFound).toBeVisible();
  await notFound.getByRole("button", { name: "Cerrar" }).click();

  await field(page, "Hospital").fill("Hospital San Juan Bautista");
  await field(page, "DNI").fill(member.dni);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await expect(field(page, "Hospital")).toHaveValue("Hospital San Juan Bautista"); // other values kept
  await fillMemberGaps(page);
  await expect(field(page, "Provincia")).toHaveValue(/.+/);

  await field(page, "Fecha de Diagnóstico").fill("2024-03-10");
  await field(page, "Diagnóstico de Organo").selectOption({ index: 1 });
  await field(page, "Diagnóstico Histológico").fill("Adenocarcinoma ductal infiltrante");
  await field(page, "Resumen de Historia Clínica").fill("Paciente en seguimiento desde 2024.");
  await field(page, "Quimioterapia").check();
  await expect(field(page, "Esquema de Quimioterapia")).toBeVisible();
  await field(page, "Esquema de Quimioterapia").fill("AC-T");
  await field(page, "Diagnóstico").fill("Cáncer de mama");
  await field(page, "Estadio").selectOption("II");
  await field(page, "Peso (kg)").fill("70");
  await field(page, "Talla (cm)").fill("170");
  await expect(field(page, "Superficie Corporal (m²)")).toHaveValue("1.82");

  await fillDrug(page, 1, { mg: "100", dias: "21", dosis: "50", cant: "10", ciclos: "4", frec: "21" });
  await page.getByRole("button", { name: "Agregar droga" }).click();
  await fillDrug(page, 2, { mg: "80", dias: "14", dosis: "20", cant: "5", ciclos: "6", frec: "7" });
  await page.getByRole("button", { name: "Guardar Ficha" }).click();

  await expect(page.getByText("Ficha guardada con exito!")).toBeVisible();
  await expect(page).toHaveURL(/\/nueva-ficha\?id=\d+&ok=1$/);
  const id = Number(new URL(page.url()).searchParams.get("id"));
  await expect(page.getByRole("heading", { name: "Consultar Ficha", level: 2 })).toBeVisible();
  await expect(page.getByTestId("nro-ficha")).toHaveText(/^\d+$/);
  await expect(page.getByTestId("estado-ficha")).toHaveText("INGRESO");
  await expect(page.getByRole("group", { name: "Droga 2" })).toBeVisible();
  await expect(field(page, "Peso (kg)")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Guardar Ficha" })).toHaveCount(0);
  await expect(page.getByText("Ficha guardada con exito!")).toBeHidden(); // 1.5 s, no button
  await expect(page.getByRole("main").getByRole("link", { name: "Nueva Ficha" })).toHaveAttribute(
    "href",
    "/nueva-ficha",
  );

  // update: weight changes, the body surface follows
  await page.goto(`/nueva-ficha?op=update&id=${id}`);
  await waitForHydration(page, "form.ficha-form *");
  await expect(page.getByRole("heading", { name: "Modificar Ficha", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancelar Edición" })).toHaveAttribute("href", `/nueva-ficha?id=${id}`);
  await field(page, "Peso (kg)").fill("80");
  await expect(field(page, "Superficie Corporal (m²)")).toHaveValue("1.94");
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByText("Ficha modificada con exito!")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/nueva-ficha\\?id=${id}&ok=2$`));
  await expect(field(page, "Peso (kg)")).toHaveValue("80");

  // a stale update (someone saved in between) → 'Error al crear Ficha' with the conflict message, nothing overwritten
  const other = await page.context().newPage();
  await other.goto(`/nueva-ficha?op=update&id=${id}`);
  await page.goto(`/nueva-ficha?op=update&id=${id}`);
  await waitForHydration(other, "form.ficha-form *");
  await other.getByRole("textbox", { name: "Observaciones" }).fill("Primero");
  await other.getByRole("button", { name: "Guardar Ficha" }).click();
  // saved: the URL says so (the 1.5 s success popup was asserted above; a loaded machine can miss its window here)
  await expect(other).toHaveURL(new RegExp(`/nueva-ficha\\?id=${id}&ok=2$`));
  await waitForHydration(page, "form.ficha-form *");
  await page.getByRole("textbox", { name: "Observaciones" }).fill("Segundo");
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  const conflict = page.getByRole("dialog", { name: "Error al crear Ficha" });
  await expect(conflict).toContainText("El registro fue modificado por otro usuario: vuelva a cargarlo");
  await expect(conflict).toBeHidden(); // cleared after 2 s
  await expect(page).toHaveURL(new RegExp(`op=update&id=${id}$`));
  await other.close();

  // drug change: a new ficha with status CAMBIO_MEDICAMENTO
  await page.goto(`/nueva-ficha?op=change_of_drogs&id=${id}`);
  await waitForHydration(page, "form.ficha-form *");
  await expect(page.getByRole("heading", { name: "Nueva Ficha", level: 2 })).toBeVisible();
  await expect(page.getByTestId("estado-ficha")).toHaveText("CAMBIO_MEDICAMENTO");
  await page.getByRole("button", { name: "Quitar Droga 2" }).click();
  await expect(page.getByRole("group", { name: "Droga 2" })).toHaveCount(0);
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByText("Ficha guardada con exito!")).toBeVisible();
  const newId = Number(new URL(page.url()).searchParams.get("id"));
  expect(newId).not.toBe(id);
  await expect(page.getByTestId("estado-ficha")).toHaveText("CAMBIO_MEDICAMENTO");
  await expect(page.getByRole("group", { name: "Droga 2" })).toHaveCount(0);

  // Buscar Ficha: find the new ficha, open its detail, delete it
  const nro = (await page.getByTestId("nro-ficha").textContent())!.trim();
  await page.goto(`/buscar-ficha?afi_dni=${member.dni}&estado_ficha=CAMBIO_MEDICAMENTO&organoId=-1`);
  await waitForHydration(page, "form button[type=submit]");
  const listado = page.getByRole("table", { name: "Listado de Fichas" });
  const row = listado.getByRole("row").filter({ has: page.getByRole("cell", { name: nro, exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: "Ver ficha" }).click();
  const detail = page.getByRole("dialog", { name: `Ficha ${nro}` });
  await expect(detail.getByRole("table", { name: "Monodrogas de la ficha" }).locator("tbody tr")).toHaveCount(1);
  await detail.getByRole("button", { name: "Cerrar" }).first().click();
  await expect(detail).toBeHidden();
  await row.getByRole("link", { name: "Eliminar ficha" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Está seguro de eliminar la ficha?" });
  await confirm.getByRole("button", { name: "Si, eliminar la ficha!" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Eliminada!" })).toContainText(
    "La Ficha se ha eliminado correctamente",
  );
  await expect(row).toHaveCount(0);
});

test("missing required fields and a half-filled drug row show errors and save nothing", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await waitForHydration(page, "form.ficha-form *");
  await field(page.getByRole("group", { name: "Droga 1" }), "Droga").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Campo obligatorio").first()).toBeVisible();
  const row = page.getByRole("group", { name: "Droga 1" });
  await expect(row.getByText("mg del protocolo: ingrese un número")).toBeVisible();
  await expect(field(row, "Ciclos")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Peso (kg)")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL((url) => url.pathname === "/nueva-ficha" && !url.searchParams.has("id"));
  await expect(page.getByText("Ficha guardada con exito!")).toHaveCount(0);

  // absurd measures get a clear message
  await field(page, "Talla (cm)").fill("900");
  await expect(page.getByText("Talla (cm): máximo 250")).toBeVisible();
});

test("a surgery-only ficha without drugs is saved; a DNI typed by hand that is no member's is refused", async ({
  page,
  request,
  signIn,
}) => {
  const member = await demoMember(request, "last");
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await waitForHydration(page, "form.ficha-form *");
  // the member's identity is read-only (the registry's); a DNI of no member typed without 'Buscar' is refused
  for (const label of ["Apellido y Nombre", "Nro. Afiliado", "Parentesco", "Sexo"])
    await expect(field(page, label)).not.toBeEditable();
  await field(page, "DNI").fill("99999998");
  for (const [label, value] of [
    ["Estado Civil", "SOLTERO"],
    ["Domicilio", "Calle 1"],
    ["Localidad", "Capital"],
    ["Diagnóstico Histológico", "Carcinoma basocelular"],
    ["Resumen de Historia Clínica", "Lesión única, resección completa."],
    ["Diagnóstico", "Cáncer de piel"],
    ["Peso (kg)", "70"],
    ["Talla (cm)", "170"],
  ]) {
    await field(page, label).fill(value);
  }
  await field(page, "Fecha de Diagnóstico").fill("2024-03-10");
  await field(page, "Diagnóstico de Organo").selectOption({ index: 1 });
  await field(page, "Cirugía").check();
  await field(page, "Fecha de Cirugía").fill("2024-04-02");
  await field(page, "Tipo de Cirugía").fill("Resección");
  // the first drug row stays empty: no drug
  await expect(field(page.getByRole("group", { name: "Droga 1" }), "Droga")).toHaveValue("");
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByText(BUSCAR_PRIMERO)).toBeVisible();
  await expect(field(page, "DNI")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL((url) => url.pathname === "/nueva-ficha" && !url.searchParams.has("id"));

  // the member's DNI, through 'Buscar' (the other values are kept): saved without any drug row
  await field(page, "DNI").fill(member.dni);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await expect(field(page, "Tipo de Cirugía")).toHaveValue("Resección");
  await fillMemberGaps(page);
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByText("Ficha guardada con exito!")).toBeVisible();
  await expect(page).toHaveURL(/\/nueva-ficha\?id=\d+&ok=1$/);
  await expect(page.getByRole("heading", { name: "Consultar Ficha", level: 2 })).toBeVisible();
  await expect(page.getByText("Sin drogas cargadas.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Droga 1" })).toHaveCount(0);
  await expect(field(page, "Tipo de Cirugía")).toHaveValue("Resección");
});

test("an unknown ficha is a 404 and consulta cannot open the screen", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  const res = await page.goto("/nueva-ficha?id=99999999");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Ficha no encontrada" })).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, CONSULTA);
  await page.goto("/nueva-ficha");
  await expectPath(page, "/home");
});

test("Enter in a field submits nothing (no accidental search or save)", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await waitForHydration(page, "form.ficha-form *");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await field(page, "DNI").fill("12345678"); // a valid DNI: an accidental 'Buscar' would go to the server
  await field(page, "Peso (kg)").fill("70");
  await field(page, "Peso (kg)").press("Enter");
  await page.waitForLoadState("networkidle");
  expect(posts).toEqual([]);
  await expectPath(page, "/nueva-ficha");
});

test("Enter in the DNI box runs the member lookup (the form itself is not submitted)", async ({
  page,
  request,
  signIn,
}) => {
  const member = await demoMember(request);
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await waitForHydration(page, "form.ficha-form *");
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.postData() ?? "");
  });
  await field(page, "Hospital").fill("Hospital San Juan Bautista");
  await field(page, "DNI").fill(member.dni);
  await field(page, "DNI").press("Enter");
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await expect(field(page, "Hospital")).toHaveValue("Hospital San Juan Bautista"); // other values kept
  // one request, the lookup: never a save
  expect(posts).toHaveLength(1);
  expect(new URLSearchParams(posts[0]).get("intent")).toBe("buscar-afiliado");
  await expect(page).toHaveURL((url) => url.pathname === "/nueva-ficha" && url.search === "");
  await expect(page.getByRole("heading", { name: "Nueva Ficha", level: 2 })).toBeVisible();
  await expect(page.getByText("Ficha guardada con exito!")).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Error al crear Ficha" })).toHaveCount(0);
});

test("Consultar Ficha looks read-only: every control read-only in one style, drug rows too, no required asterisks", async ({
  page,
  request,
  signIn,
}) => {
  const member = await demoMember(request, "last");
  const token = await adminToken(request);
  const headers = { "x-auth-token": token };
  const organos = (await (await request.get("/api/organo", { headers })).json()) as { resultado: { id: number }[] };
  const drug = {
    droga: "PACLITAXEL",
    mgrs_protocolo: 80,
    cantidad: 7,
    dosis_dia: 145.6,
    presentacion: "Ampolla",
    presentacion_cantidad: 1,
    ciclos: 12,
    frecuencia: 7,
  };
  const res = await request.post("/api/onco", {
    headers,
    data: {
      fecha: "2025-03-10",
      afi_dni: member.dni,
      afi_nro_afi: "123456/00",
      afi_parentesco: "TITULAR",
      afi_sexo: "F",
      afi_nombre: member.nombre,
      afi_estado_civil: "SOLTERA",
      afi_domicilio: "CALLE FALSA 123",
      afi_localidad: "CAPITAL",
      fecha_diagnostico: "2025-01-15",
      diagnostico_histologico: "Carcinoma",
      organoId: organos.resultado[0].id,
      resumen_historia_clinica: "Resumen",
      diagnostico: "Cáncer",
      estadio: "II",
      peso: 65,
      talla: 165,
      sup_corporal: 1.73,
      cirugia: true,
      fecha_cirugia: "2025-02-01",
      tipo_cirugia: "Mastectomía",
      observacion: "Observación",
      monodrogas: [drug, { ...drug, droga: "DOCETAXEL" }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { newFicha } = (await res.json()) as { newFicha: { id: number } };

  await signIn(page, ADMIN);
  // the editable form marks its required fields …
  await page.goto(`/nueva-ficha?op=update&id=${newFicha.id}`);
  await waitForHydration(page, "form.ficha-form *");
  await expect(page.locator("form.ficha-form .ui-required").first()).toBeVisible();

  // … the read-only view does not, and every control is read-only and looks the same
  await page.goto(`/nueva-ficha?id=${newFicha.id}`);
  await waitForHydration(page, "form.ficha-form *");
  await expect(page.getByRole("heading", { name: "Consultar Ficha", level: 2 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Droga 2" })).toBeVisible();
  const form = page.locator("form.ficha-form");
  await expect(form.locator(".ui-required")).toHaveCount(0);
  const labels = await form.locator("label").allTextContents();
  expect(labels.filter((t) => t.trim().endsWith("*"))).toEqual([]);

  const controls = await form.evaluate((el) =>
    Array.from(
      el.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        "input:not([type=hidden]), select, textarea",
      ),
    ).map((c) => {
      const s = getComputedStyle(c);
      return {
        name: c.name || c.id,
        tag: c.tagName.toLowerCase(),
        type: c instanceof HTMLInputElement ? c.type : c.tagName.toLowerCase(),
        locked: c.matches(":disabled") || (c as HTMLInputElement).readOnly === true,
        style: [s.backgroundColor, s.color, s.borderTopColor].join(" / "),
      };
    }),
  );
  const types = new Set(controls.map((c) => c.type));
  for (const t of ["text", "number", "date", "textarea", "select", "checkbox"])
    expect(types, `a ${t} control in the form`).toContain(t);
  expect(controls.filter((c) => !c.locked).map((c) => c.name)).toEqual([]);
  const boxes = controls.filter((c) => c.type !== "checkbox");
  const styles = new Set(boxes.map((c) => c.style));
  expect(
    [...styles],
    `one read-only style for every field (${boxes.map((c) => `${c.name}: ${c.style}`).join("; ")})`,
  ).toHaveLength(1);
  // the read-only style is not the editable one (a white box)
  expect([...styles][0]).not.toMatch(/^rgb\(255, 255, 255\)/);
  // no add/remove drug buttons, no lookup button, no save
  for (const name of ["Agregar droga", "Quitar Droga 1", "Buscar", "Guardar Ficha"])
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
});

test("a ficha belongs to the member of its DNI: another DNI typed after a lookup empties the member's fields, a failed lookup too, and the save stores the registry's identity", async ({
  page,
  request,
  signIn,
}) => {
  const a = await demoMember(request);
  const dniB = await freeMemberDni(request);
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await waitForHydration(page, "form.ficha-form *");

  await field(page, "DNI").fill(a.dni);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(a.nombre);
  await fillMemberGaps(page);
  await field(page, "Teléfono").fill("3834111111");

  // another DNI typed over it, without 'Buscar': the first member's data are gone at once
  await field(page, "DNI").fill(dniB);
  for (const label of [...MEMBER_FIELDS, "Teléfono"]) await expect(field(page, label)).toHaveValue("");
  await expect(field(page, "Provincia")).toHaveValue("Catamarca");

  // the clinical fields filled and saved without 'Buscar': refused on the DNI, nothing saved
  await field(page, "Fecha de Diagnóstico").fill("2024-05-02");
  await field(page, "Diagnóstico de Organo").selectOption({ index: 1 });
  await field(page, "Diagnóstico Histológico").fill("Adenocarcinoma");
  await field(page, "Resumen de Historia Clínica").fill("Derivada para tratamiento.");
  await field(page, "Diagnóstico").fill("Cáncer de colon");
  await field(page, "Peso (kg)").fill("60");
  await field(page, "Talla (cm)").fill("160");
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByText(BUSCAR_PRIMERO)).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has("id"));

  // back to the first member, then a failed lookup: the member's data emptied too
  await field(page, "DNI").fill(a.dni);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(a.nombre);
  await field(page, "DNI").fill("99999997");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  const notFound = page.getByRole("dialog", { name: "Afiliado No Existe" });
  await expect(notFound).toBeVisible();
  await notFound.getByRole("button", { name: "Cerrar" }).click();
  for (const label of MEMBER_FIELDS) await expect(field(page, label)).toHaveValue("");
  await expect(field(page, "Diagnóstico")).toHaveValue("Cáncer de colon"); // the clinical values are kept

  // the second member through 'Buscar': saved with that member's identity
  await field(page, "DNI").fill(dniB);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).not.toHaveValue("");
  const nombreB = await field(page, "Apellido y Nombre").inputValue();
  expect(nombreB).not.toBe(a.nombre);
  await fillMemberGaps(page);
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page).toHaveURL(/\/nueva-ficha\?id=\d+&ok=1$/);
  const id = Number(new URL(page.url()).searchParams.get("id"));
  const res = await request.get(`/api/onco/buscarporid/${id}`, {
    headers: { "x-auth-token": await adminToken(request) },
  });
  const { ficha } = (await res.json()) as {
    ficha: { afi_dni: string; afi_nombre: string; afi_telefono: string | null };
  };
  expect(ficha.afi_dni).toBe(dniB);
  expect(ficha.afi_nombre).toBe(nombreB);
  expect(ficha.afi_telefono).not.toBe("3834111111");
});
