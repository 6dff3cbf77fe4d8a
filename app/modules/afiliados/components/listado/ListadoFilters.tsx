// Filters of 'Listados de afiliados': DNI, name, 'Afiliados Inactivos' and the leave reason (enabled only when
// inactive is checked, once JavaScript runs), with Buscar, Limpiar Filtros and Exportar a Excel.
import { Form, Link } from "@remix-run/react";
import type { FormEvent } from "react";
import { Checkbox, Field } from "~/components/ui";
import type { FieldError } from "~/lib/input";

type FilterValues = {
  afi_dni: string;
  nombre: string;
  ver_solo_afi_inactivo: boolean;
  motivo_de_baja: number | null;
};

type Props = {
  values: FilterValues;
  motivos: { bambacodig: number; bambadescr: string }[];
  errors: FieldError[];
  /** Reason select enabled (JS: follows the checkbox; without JS always enabled). */
  motivoEnabled: boolean;
  onInactiveChange: (checked: boolean) => void;
  /** Any filter change (JS clears the shown results). */
  onChange: (form: HTMLFormElement) => void;
  /** Shown only with operation 5. */
  exportHref: string | null;
};

export function ListadoFilters({
  values,
  motivos,
  errors,
  motivoEnabled,
  onInactiveChange,
  onChange,
  exportHref,
}: Props) {
  const err = (param: string) => errors.find((e) => e.param === param)?.msg;
  return (
    <Form
      method="get"
      className="listado-filters"
      onChange={(e: FormEvent<HTMLFormElement>) => onChange(e.currentTarget)}
      noValidate
    >
      <div className="filters">
        <Field label="DNI" name="afi_dni" error={err("afi_dni")}>
          <input
            className="ui-input"
            type="text"
            inputMode="numeric"
            maxLength={9}
            defaultValue={values.afi_dni}
            autoComplete="off"
          />
        </Field>
        <Field label="Apellido y Nombre" name="nombre" error={err("nombre")}>
          <input className="ui-input" type="text" maxLength={100} defaultValue={values.nombre} autoComplete="off" />
        </Field>
        <Checkbox
          label="Afiliados Inactivos"
          name="ver_solo_afi_inactivo"
          value="true"
          defaultChecked={values.ver_solo_afi_inactivo}
          onChange={(e) => onInactiveChange(e.currentTarget.checked)}
        />
        <Field label="Motivo de Baja" name="motivo_de_baja" error={err("motivo_de_baja")}>
          <select className="ui-input" defaultValue={String(values.motivo_de_baja ?? -1)} disabled={!motivoEnabled}>
            <option value="-1">-SELECCIONE-</option>
            {motivos.map((m) => (
              <option key={m.bambacodig} value={m.bambacodig}>
                {m.bambadescr}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {err("page") || err("size") || err("ver_solo_afi_inactivo") ? (
        <p className="ui-field-error" role="alert">
          {err("page") ?? err("size") ?? err("ver_solo_afi_inactivo")}
        </p>
      ) : null}
      <div className="listado-actions">
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
        <Link className="ui-button ui-button--secondary" to="/listado-afiliados">
          Limpiar Filtros
        </Link>
        {exportHref ? (
          <a className="ui-button ui-button--secondary" href={exportHref} download>
            Exportar a Excel
          </a>
        ) : null}
      </div>
    </Form>
  );
}
