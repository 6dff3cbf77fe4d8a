// Nueva Ficha without JavaScript: Buscar (member lookup), 'Agregar droga' and 'Guardar Ficha' are plain form
// submissions; the treatments' details are always shown; the success message is an Alert.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { demoMember, field, fillMemberGaps, freeMemberDni } from "./ficha-support";
import { ADMIN } from "./support";

async function fillDrug(page: Page, n: number, mg: string) {
  const row = page.getByRole("group", { name: `Droga ${n}` });
  await field(row, "Droga").selectOption({ index: n });
  await field(row, "Mgrs. Protocolo").fill(mg);
  await field(row, "Días de Protocolo").fill("10");
  await field(row, "Dosis por Día").fill("25");
  await field(row, "Presentación").selectOption("Ampolla");
  await field(row, "Cantidad por Presentación").fill("2");
  await field(row, "Ciclos").fill("3");
  await field(row, "Frecuencia (días)").selectOption("14");
}

test("create a ficha with two drug rows without JavaScript", async ({ page, request, signIn }) => {
  const member = await demoMember(request, "last");
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await expect(page.getByRole("heading", { name: "Nueva Ficha", level: 2 })).toBeVisible();

  await field(page, "DNI").fill(member.dni);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre);
  await fillMemberGaps(page, { Sexo: "M", "Estado Civil": "CASADO", Domicilio: "Calle 2" });
  await field(page, "Fecha de Diagnóstico").fill("2023-11-02");
  await field(page, "Diagnóstico de Organo").selectOption({ index: 2 });
  await field(page, "Diagnóstico Histológico").fill("Carcinoma");
  await field(page, "Resumen de Historia Clínica").fill("Sin antecedentes.");
  await expect(field(page, "Tipo de Cirugía")).toBeVisible(); // shown without JavaScript
  await field(page, "Diagnóstico").fill("Cáncer de colon");
  await field(page, "Peso (kg)").fill("65");
  await field(page, "Talla (cm)").fill("160");
  await field(page, "Superficie Corporal (m²)").fill("1.70");
  await fillDrug(page, 1, "120");

  await page.getByRole("button", { name: "Agregar droga" }).click();
  await expect(page.getByRole("group", { name: "Droga 2" })).toBeVisible();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(member.nombre); // values kept
  await expect(field(page.getByRole("group", { name: "Droga 1" }), "Mgrs. Protocolo")).toHaveValue("120");
  await fillDrug(page, 2, "60");

  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page).toHaveURL(/\/nueva-ficha\?id=\d+&ok=1$/);
  await expect(page.getByText("Ficha guardada con exito!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Consultar Ficha", level: 2 })).toBeVisible();
  await expect(page.getByTestId("estado-ficha")).toHaveText("INGRESO");
  await expect(field(page.getByRole("group", { name: "Droga 2" }), "Mgrs. Protocolo")).toHaveValue("60");
});

test("without JavaScript a half-filled form shows the server's field errors", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await field(page, "Peso (kg)").fill("-3");
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Error al crear Ficha" })).toBeVisible();
  await expect(page.getByText("Peso (kg): mínimo 0.5")).toBeVisible();
  await expect(field(page, "Peso (kg)")).toHaveValue("-3");
  await expect(page).toHaveURL((url) => !url.searchParams.has("id"));
});

test("without JavaScript a DNI typed over the looked-up member is refused until 'Buscar'", async ({
  page,
  request,
  signIn,
}) => {
  const a = await demoMember(request);
  const dniB = await freeMemberDni(request);
  await signIn(page, ADMIN);
  await page.goto("/nueva-ficha");
  await field(page, "DNI").fill(a.dni);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).toHaveValue(a.nombre);
  await fillMemberGaps(page);
  // another member's DNI over it, clinical fields filled, saved without 'Buscar': refused on the DNI
  await field(page, "DNI").fill(dniB);
  await field(page, "Fecha de Diagnóstico").fill("2023-11-02");
  await field(page, "Diagnóstico de Organo").selectOption({ index: 2 });
  await field(page, "Diagnóstico Histológico").fill("Carcinoma");
  await field(page, "Resumen de Historia Clínica").fill("Sin antecedentes.");
  await field(page, "Diagnóstico").fill("Cáncer de colon");
  await field(page, "Peso (kg)").fill("65");
  await field(page, "Talla (cm)").fill("160");
  await field(page, "Superficie Corporal (m²)").fill("1.70");
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page.getByText("Presione 'Buscar' para cargar los datos del afiliado de este DNI")).toBeVisible();
  await expect(page).toHaveURL((url) => !url.searchParams.has("id"));
  // 'Buscar' brings the second member's data (the first one's are replaced); then it saves
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(field(page, "Apellido y Nombre")).not.toHaveValue(a.nombre);
  await expect(field(page, "Apellido y Nombre")).not.toHaveValue("");
  await expect(field(page, "Diagnóstico")).toHaveValue("Cáncer de colon");
  await fillMemberGaps(page);
  await page.getByRole("button", { name: "Guardar Ficha" }).click();
  await expect(page).toHaveURL(/\/nueva-ficha\?id=\d+&ok=1$/);
  await expect(field(page, "DNI")).toHaveValue(dniB);
});
