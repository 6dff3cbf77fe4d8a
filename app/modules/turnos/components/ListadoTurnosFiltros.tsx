// The /listado-turnos filter form (a GET form): the procedure type first (both searches apply it: issue 28), DNI with
// 'Buscar por DNI' (the default button), the date with 'Buscar por Fecha' (Enter in the date box searches by date).
import { Form } from "@remix-run/react";
import { useRef, type KeyboardEvent } from "react";
import { DateField, Field } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { TODOS } from "~/modules/turnos/rules";

export function ListadoTurnosFiltros(props: {
  action: string;
  values: { dni: string; fecha: string; tipo_tramite: string };
  errors: FieldError[];
  tipos: string[];
}) {
  const { values } = props;
  const fechaButton = useRef<HTMLButtonElement>(null);
  const err = (param: string) => props.errors.find((e) => e.param === param)?.msg;
  // Enter in the date box searches by date (the form's first button, the default, searches by DNI).
  const onFechaKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement) || e.target.name !== "fecha") return;
    e.preventDefault();
    const button = fechaButton.current;
    if (button?.form) button.form.requestSubmit(button);
  };
  return (
    <Form method="get" action={props.action} className="listado-turnos-filtros" noValidate onKeyDown={onFechaKeyDown}>
      <div className="filters">
        <Field label="Tipo de trámite" name="tipo_tramite" error={err("tipo_tramite")}>
          <select className="ui-input" defaultValue={values.tipo_tramite}>
            <option value="-">-Seleccione-</option>
            <option value={TODOS}>{TODOS}</option>
            {props.tipos.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field label="DNI" name="dni" error={err("dni")}>
          <input
            className="ui-input"
            type="text"
            inputMode="numeric"
            maxLength={20}
            autoComplete="off"
            defaultValue={values.dni}
          />
        </Field>
        <button type="submit" name="buscar" value="dni" className="ui-button ui-button--primary">
          Buscar por DNI
        </button>
        <DateField label="Fecha del turno" name="fecha" defaultValue={values.fecha} error={err("fecha")} />
        <button ref={fechaButton} type="submit" name="buscar" value="fecha" className="ui-button ui-button--primary">
          Buscar por Fecha
        </button>
      </div>
    </Form>
  );
}
