// 'Nueva programación': Reporte, Período, Formato, Programación (cron, with its hint), Responsable (pre-settlement)
// and Efector (Consumos por Efector). With JavaScript the formats and the filter follow the report; without it every
// field is there and the server says what does not fit. A refusal keeps what was typed, errors next to the fields.
import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SelectInput, TextInput, useHydrated } from "~/components/ui";
import {
  CRON_HINT,
  FORMATO_TEXT,
  formatosDe,
  FORMATOS,
  PERIODO_TEXT,
  PERIODOS,
  REPORTE_TEXT,
  REPORTES,
  type Reporte,
} from "~/modules/reportes-programados/rules";
import type { ProgramacionFormValue, ResponsableOption } from "./types";

type Fields = {
  [K in keyof ProgramacionFormValue]-?: FieldMetadata<ProgramacionFormValue[K], ProgramacionFormValue, string[]>;
};

const REPORTE_OPTIONS = REPORTES.map((r) => ({ value: r, label: REPORTE_TEXT[r] }));
const PERIODO_OPTIONS = PERIODOS.map((p) => ({ value: p, label: PERIODO_TEXT[p] }));

export function ProgramacionForm({
  form,
  fields,
  reporte,
  responsables,
  busy,
}: {
  form: FormMetadata<ProgramacionFormValue, string[]>;
  fields: Fields;
  /** The report chosen now ('' none yet). */
  reporte: string;
  responsables: ResponsableOption[];
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const known = (REPORTES as readonly string[]).includes(reporte) ? (reporte as Reporte) : null;
  const formatos = hydrated && known ? formatosDe(known) : FORMATOS;
  const showResponsable = !hydrated || known === "preliquidacion";
  const showEfector = !hydrated || known === "consumos-prestadores";
  return (
    <Form method="post" {...getFormProps(form)} className="rp-form" aria-labelledby="rp-form-title">
      <h3 id="rp-form-title" className="rp-subtitle">
        Nueva programación
      </h3>
      {form.errors && (
        <p id={form.errorId} className="ui-field-error" role="alert">
          {form.errors.join(". ")}
        </p>
      )}
      <div className="rp-fields">
        <SelectInput
          field={fields.reporte}
          label="Reporte"
          options={REPORTE_OPTIONS}
          placeholder="Seleccione"
          required
        />
        <SelectInput
          field={fields.periodo}
          label="Período"
          options={PERIODO_OPTIONS}
          placeholder="Seleccione"
          required
        />
        <SelectInput
          field={fields.formato}
          label="Formato"
          options={formatos.map((f) => ({ value: f, label: FORMATO_TEXT[f] }))}
          placeholder="Seleccione"
          required
        />
        <TextInput field={fields.cron} label="Programación" hint={CRON_HINT} maxLength={100} required />
        {showResponsable && (
          <SelectInput
            field={fields.responsable}
            label="Responsable"
            options={responsables.map((r) => ({ value: r.cuit, label: `${r.nombre} (${r.cuit})` }))}
            placeholder="Seleccione"
            hint={hydrated ? undefined : "Sólo para Preliquidación"}
          />
        )}
        {showEfector && (
          <TextInput
            field={fields.efector}
            label="Efector"
            maxLength={30}
            hint={hydrated ? "Código de efector" : "Código de efector, sólo para Consumos por Efector"}
          />
        )}
      </div>
      <div className="rp-actions">
        <button type="submit" name="intent" value="crear" className="ui-button ui-button--primary" disabled={busy}>
          Programar
        </button>
      </div>
    </Form>
  );
}
