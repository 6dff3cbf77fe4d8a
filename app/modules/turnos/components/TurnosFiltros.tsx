// The /turnos filter form (a GET form, the screen lives in the URL): procedure type, date with previous/next day
// buttons (dia=anterior|siguiente, redirected by the loader), the weekday, 'Ver Turnos'.
import { Form } from "@remix-run/react";
import { DateField, Field } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { diaDeLaSemana, TURNOS_SCREEN } from "~/modules/turnos/rules";

function DiaButton({ dia }: { dia: "anterior" | "siguiente" }) {
  const label = dia === "anterior" ? "Día anterior" : "Día siguiente";
  return (
    <button
      type="submit"
      name="dia"
      value={dia}
      className="ui-button ui-button--secondary turnos-dia"
      aria-label={label}
      title={label}
    >
      <span aria-hidden="true">{dia === "anterior" ? "‹" : "›"}</span>
    </button>
  );
}

export function TurnosFiltros(props: {
  tipos: string[];
  values: { tipo_tramite: string; fecha_turno: string };
  errors: FieldError[];
  /** The date in the box (the weekday follows it while typing). */
  fecha: string;
  onFecha: (fecha: string) => void;
}) {
  const { tipos, values, fecha } = props;
  const err = (param: string) => props.errors.find((e) => e.param === param)?.msg;
  return (
    <Form method="get" action={TURNOS_SCREEN} className="turnos-filtros" noValidate preventScrollReset>
      <div className="filters">
        <Field label="Tipo de trámite" name="tipo_tramite" error={err("tipo_tramite")}>
          <select className="ui-input" defaultValue={values.tipo_tramite || "-"} key={values.tipo_tramite}>
            <option value="-">-Seleccione-</option>
            {tipos.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <div className="turnos-fecha">
          <DiaButton dia="anterior" />
          <DateField
            label="Fecha"
            name="fecha_turno"
            value={fecha}
            onChange={props.onFecha}
            error={err("fecha_turno")}
            key={values.fecha_turno}
          />
          <DiaButton dia="siguiente" />
        </div>
        <Field label="Día" name="dia_semana" className="turnos-dia-semana">
          {/* Read-only and without a name: not part of the URL. */}
          {({ name: _name, ...p }) => (
            <input {...p} className="ui-input" type="text" readOnly value={diaDeLaSemana(fecha)} />
          )}
        </Field>
        <button type="submit" className="ui-button ui-button--primary">
          Ver Turnos
        </button>
      </div>
    </Form>
  );
}
