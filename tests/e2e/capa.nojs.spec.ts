// CAPA covid registry without JavaScript: 'Buscar', each household row's 'Buscar', 'Agregar integrante', 'Quitar'
// and 'Guardar' are plain form submissions; the save's messages are alerts that stay; the list is a GET form with
// links (paging, edit icon).
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import {
  afiliado,
  apiRecord,
  capaPeople,
  field,
  fillCapa,
  integrante,
  marker,
  moduloShown,
  paciente,
  positivoUnico,
} from "./capa-support";
import { ADMIN, expectPath } from "./support";

test.describe.configure({ timeout: 120_000 });

test("register a record with two household members and edit it, without JavaScript", async ({
  page,
  request,
  signIn,
}) => {
  const { titular, familiar, ajeno } = await capaPeople(request, 8);
  const localidad = marker("LOCALIDAD NOJS");
  await signIn(page, ADMIN);
  await page.goto("/regcapa");

  await field(afiliado(page), "DNI").fill(titular.dni);
  await afiliado(page).getByRole("button", { name: "Buscar" }).click();
  await expect(field(afiliado(page), "Apellido y Nombre")).toHaveValue(titular.nombre);
  await field(paciente(page), "Localidad").fill(localidad);
  await field(paciente(page), "Fecha de positivo").fill(positivoUnico());
  await field(paciente(page), "Teléfono").fill("3834 777111");
  await field(paciente(page), "Tipo de módulo").selectOption("modulo3047");

  // Rows added, looked up and removed by the server; every value typed so far stays.
  await page.getByRole("button", { name: "Agregar integrante" }).click();
  await expect(integrante(page, 1)).toBeVisible();
  await expect(field(paciente(page), "Localidad")).toHaveValue(localidad);
  await field(integrante(page, 1), "DNI").fill(familiar.dni);
  await page.getByRole("button", { name: "Buscar integrante 1" }).click();
  await expect(field(integrante(page, 1), "Apellido y Nombre")).toHaveValue(familiar.nombre);
  await page.getByRole("button", { name: "Agregar integrante" }).click();
  await field(integrante(page, 2), "DNI").fill(ajeno);
  await field(integrante(page, 2), "Apellido y Nombre").fill("CONVIVIENTE SIN JS");
  await field(integrante(page, 2), "Edad").fill("12");
  await page.getByRole("button", { name: "Agregar integrante" }).click();
  await expect(integrante(page, 3)).toBeVisible();
  await page.getByRole("button", { name: "Quitar integrante 3" }).click();
  await expect(integrante(page, 3)).toHaveCount(0);
  await expect(field(integrante(page, 2), "Edad")).toHaveValue("12");

  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/regcapa\?ok=1&n=\d+&at=\d+$/);
  const nro = new URL(page.url()).searchParams.get("n");
  await expect(page.getByRole("status").filter({ hasText: "Operacion Exitosa" })).toContainText(
    "Ficha registrada con éxito",
  );
  await expect(field(afiliado(page), "DNI")).toHaveValue("");
  await expect(field(paciente(page), "Localidad")).toHaveValue("");

  await page.goto("/listado-capa");
  const row = page.getByRole("row").filter({ hasText: localidad });
  await expect(row).toContainText(titular.dni);
  await expect(row.getByRole("cell").nth(8)).toHaveText("2");
  await row.getByRole("link", { name: `Modificar registro N° ${nro} de ${titular.nombre}` }).click();
  await expect(page).toHaveURL(/\/regcapa\/\d+$/);
  await expect(field(integrante(page, 2), "Apellido y Nombre")).toHaveValue("CONVIVIENTE SIN JS");
  await expect(afiliado(page).getByRole("button", { name: "Buscar" })).toBeDisabled();

  await page.getByRole("button", { name: "Quitar integrante 1" }).click();
  await expect(integrante(page, 2)).toHaveCount(0);
  await field(paciente(page), "Esquema de vacunación").selectOption("Completo");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/regcapa\/\d+\?ok=2&n=\d+&at=\d+$/);
  await expect(page.getByRole("status").filter({ hasText: "Operacion Exitosa" })).toContainText(
    "Ficha modificada con éxito",
  );
  await expect(field(integrante(page, 1), "DNI")).toHaveValue(ajeno);
  await expect(integrante(page, 2)).toHaveCount(0);
  await expect(field(paciente(page), "Esquema de vacunación")).toHaveValue("Completo");
});

test("without JavaScript the server's field errors come back with the values typed", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/regcapa");
  await field(paciente(page), "Localidad").fill("TINOGASTA");
  await field(paciente(page), "Email").fill("no-es-un-email");
  await page.getByRole("button", { name: "Agregar integrante" }).click();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error al registrar ficha" })).toBeVisible();
  await expect(paciente(page).getByText("Email inválido")).toBeVisible();
  await expect(integrante(page, 1).getByText("Campo obligatorio")).toBeVisible();
  await expect(field(paciente(page), "Localidad")).toHaveValue("TINOGASTA");
  await expect(page).toHaveURL((url) => !url.searchParams.has("ok"));
});

test("the list without JavaScript: a range with its pages and a bad range's message", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/listado-capa");
  await page.getByLabel("Fecha Desde").fill("2021-01-01");
  await page.getByLabel("Fecha Hasta").fill("2022-12-31");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/fecha_desde=2021-01-01&fecha_hasta=2022-12-31/);
  const pager = page.getByRole("navigation", { name: "Páginas del listado" });
  await expect(pager).toContainText("1 de");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(21); // header + 20
  await pager.getByRole("link", { name: "Siguiente" }).click();
  await expect(pager).toContainText("2 de");
  await expectPath(page, "/listado-capa");

  await page.goto("/listado-capa?fecha_desde=2022-02-01&fecha_hasta=2022-01-01");
  await expect(page.getByText("La fecha desde no puede ser posterior a la fecha hasta")).toBeVisible();
});

test("without JavaScript a stale save is refused with the message as an alert and the values typed (ADR 047)", async ({
  page,
  context,
  request,
  signIn,
}) => {
  const { titular } = await capaPeople(request, 9);
  const { id } = await apiRecord(request, {
    afi_dni: titular.dni,
    afi_localidad: marker("LOCALIDAD NOJS ORIGINAL"),
    fecha_positivo: positivoUnico(),
    afi_telefono: "3834555444",
  });
  await signIn(page, ADMIN);
  const other = await context.newPage();
  await page.goto(`/regcapa/${id}`);
  await other.goto(`/regcapa/${id}`);

  await field(paciente(page), "Localidad").fill(marker("LOCALIDAD NOJS PRIMERA"));
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(new RegExp(`/regcapa/${id}\\?ok=2`));

  const segunda = marker("LOCALIDAD NOJS SEGUNDA");
  await field(paciente(other), "Localidad").fill(segunda);
  await other.getByRole("button", { name: "Guardar" }).click();
  await expect(
    other.getByRole("alert").filter({ hasText: "El registro fue modificado por otro usuario: vuelva a cargarlo" }),
  ).not.toHaveCount(0);
  await expect(field(paciente(other), "Localidad")).toHaveValue(segunda);
  await expect(other).toHaveURL((url) => !url.searchParams.has("ok"));
});

test("without JavaScript 'Agregar integrante' and 'Quitar' validate nothing and keep what was typed; a registration leaves its number above the restarted form", async ({
  page,
  request,
  signIn,
}) => {
  const { titular } = await capaPeople(request, 9);
  await signIn(page, ADMIN);
  await page.goto("/regcapa");
  expect(await moduloShown(page)).toBe("-Seleccione-");
  await field(paciente(page), "Localidad").fill("TINOGASTA");
  await field(paciente(page), "Email").fill("no-es-un-email");
  await page.getByRole("button", { name: "Agregar integrante" }).click();
  await expect(integrante(page, 1)).toBeVisible();
  await expect(field(paciente(page), "Email")).toHaveValue("no-es-un-email");
  await expect(page.getByText("Email inválido")).toHaveCount(0);
  await expect(page.getByText("Campo obligatorio")).toHaveCount(0);

  // After a refused 'Guardar' the list's buttons still work, with every value kept.
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(paciente(page).getByText("Email inválido")).toBeVisible();
  await page.getByRole("button", { name: "Agregar integrante" }).click();
  await expect(integrante(page, 2)).toBeVisible();
  await page.getByRole("button", { name: "Quitar integrante 1" }).click();
  await page.getByRole("button", { name: "Quitar integrante 1" }).click();
  await expect(integrante(page, 1)).toHaveCount(0);
  await expect(field(paciente(page), "Localidad")).toHaveValue("TINOGASTA");
  await expect(field(paciente(page), "Email")).toHaveValue("no-es-un-email");

  await fillCapa(page, titular, marker("LOCALIDAD NOJS"));
  await field(paciente(page), "Email").fill("");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/regcapa\?ok=1&n=\d+&at=\d+$/);
  const nro = new URL(page.url()).searchParams.get("n")!;
  await expect(page.getByRole("status").filter({ hasText: "Operacion Exitosa" })).toContainText(
    "Ficha registrada con éxito",
  );
  await expect(page.getByRole("status").filter({ hasText: "Último registro" })).toHaveText(
    `Último registro: N° ${nro}`,
  );
  await expect(page.getByText(`N° ${nro}`)).toHaveCount(1); // once
  await expect(field(afiliado(page), "DNI")).toHaveValue("");
  expect(await moduloShown(page)).toBe("-Seleccione-");
});
