import { useForm } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { z } from "~/lib/zod";
import {
  Checkbox,
  CheckboxInput,
  checkFormWith,
  Radio,
  ReadOnlyContext,
  SelectInput,
  TextInput,
  type AnyField,
} from "./index";

/** Renders the kit's controls on a conform form whose fields carry `errors` (as after a refused submit). */
function render(control: (fields: Record<string, AnyField>) => JSX.Element, readOnly = false) {
  function Harness() {
    const [, fields] = useForm({
      id: "t",
      lastResult: { status: "error", initialValue: { dni: "12", tipo: "VIEJO" }, error: { dni: ["DNI inválido"] } },
    });
    return (
      <ReadOnlyContext.Provider value={readOnly}>
        {control(fields as Record<string, AnyField>)}
      </ReadOnlyContext.Provider>
    );
  }
  return renderToString(<Harness />);
}

test("TextInput: labelled, the error beside it, linked by aria-describedby and marked aria-invalid", () => {
  const html = render((f) => <TextInput field={f.dni} label="DNI" required hint="Sin puntos" maxLength={8} />);
  expect(html).toContain('<label class="ui-label" for="t-dni">DNI');
  expect(html).toContain('aria-hidden="true"> <!-- -->*</span>');
  expect(html).toMatch(/<input id="t-dni" name="dni"[^>]* aria-invalid="true" aria-describedby="t-dni-error"/);
  expect(html).toContain('<span id="t-dni-error" class="ui-field-error">DNI inválido</span>');
  expect(html).toContain('autoComplete="off"');
});

test("TextInput in a read-only view: no required asterisk, no hint; a read-only input is not required", () => {
  const html = render((f) => <TextInput field={f.dni} label="DNI" required hint="Sin puntos" />, true);
  expect(html).not.toContain("ui-required");
  expect(html).not.toContain("Sin puntos");
  const ro = render((f) => <TextInput field={f.nombre} label="Nombre" readOnly />);
  expect(ro).toMatch(/<input[^>]*readonly=""/);
  expect(ro).not.toMatch(/<input[^>]*required/);
});

test("SelectInput keeps a stored value no longer offered, after the placeholder", () => {
  const html = render((f) => (
    <SelectInput field={f.tipo} label="Tipo" placeholder="Seleccione" options={[{ value: "A", label: "Alfa" }]} />
  ));
  expect(html).toMatch(/<option value="">Seleccione<\/option><option value="A">Alfa<\/option><option value="VIEJO"/);
});

test("CheckboxInput: the box, its label after it and its error", () => {
  const html = render((f) => <CheckboxInput field={f.dni} label="Actual" />);
  expect(html).toMatch(/^<div class="ui-check-field"><input id="t-dni"[^>]*type="checkbox"/);
  expect(html).toContain(
    '<label for="t-dni">Actual</label><span id="t-dni-error" class="ui-field-error">DNI inválido</span>',
  );
});

test("Checkbox and Radio: the control inside its label, the text after it", () => {
  const check = renderToString(<Checkbox label="Afiliados Inactivos" name="inactivos" value="true" className="x" />);
  expect(check).toBe(
    '<label class="ui-check x"><input type="checkbox" name="inactivos" value="true"/>Afiliados Inactivos</label>',
  );
  const radio = renderToString(<Radio label="DNI" name="metodo" value="dni" defaultChecked />);
  expect(radio).toBe('<label class="ui-radio"><input type="radio" name="metodo" checked="" value="dni"/>DNI</label>');
});

test("checkFormWith: the errors of the check the button asks for, typed as the whole form", () => {
  const whole = z.object({ dni: z.string().min(7, "DNI corto"), nombre: z.string().min(1, "Falta el nombre") });
  const onlyDni = whole.pick({ dni: true });
  const data = new FormData();
  data.set("dni", "123");
  const partial = checkFormWith(data, onlyDni, whole);
  expect(partial.status).toBe("error");
  expect(partial.reply().error).toEqual({ dni: ["DNI corto"] });
  const full = checkFormWith(data, whole, whole);
  expect(Object.keys(full.reply().error ?? {}).sort()).toEqual(["dni", "nombre"]);
});
