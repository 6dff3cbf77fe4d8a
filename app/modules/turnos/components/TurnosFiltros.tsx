// The /turnos filter form (a GET form, the screen lives in the URL): procedure type, date with previous/next working
// day buttons (dia=anterior|siguiente, redirected by the loader; '‹' is disabled on today, spec §2), the weekday
// (read-only), 'Ver Turnos'. The last valid date shown travels as 'fecha_vista': a date the box cannot hold (31/02) is
// sent empty by the browser, and the loader keeps the day shown instead of jumping to today (issue 39, ADR 076).
import { Form } from "@remix-run/react";
import { DateField, Field } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { diaDeLaSemana, TURNOS_SCREEN } from "~/modules/turnos/rules";

/** A whole, real calendar date (diaDeLaSemana names only those). */
const fechaValida = (fecha: string) => diaDeLaSemana(fecha) !== "";

function DiaButton({ dia, disabled = false }: { dia: "anterior" | "siguiente"; disabled?: boolean }) {
  const label = dia === "anterior" ? "Día hábil anterior" : "Próximo día hábil";
  return (
    <button
      type="submit"
      name="dia"
      value={dia}
      className="ui-button ui-button--secondary turnos-dia"
      aria-label={label}
      title={disabled ? `${label}: la fecha es hoy` : label}
      disabled={disabled}
    >
      <span aria-hidden="true">{dia === "anterior" ? "‹" : "›"}</span>
    </button>
  );
}

export function TurnosFiltros(props: {
  tipos: string[];
  values: { tipo_tramite: string; fecha_turno: string };
  /** Today on the insurer's clock: '‹' does nothing then (spec §2), so it is disabled. */
  today: string;
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
          <DiaButton dia="anterior" disabled={fecha === props.today} />
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
        {fechaValida(values.fecha_turno) ? <input type="hidden" name="fecha_vista" value={values.fecha_turno} /> : null}
      </div>
    </Form>
  );
}
