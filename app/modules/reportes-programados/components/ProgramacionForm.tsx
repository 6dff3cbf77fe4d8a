// 'Nueva programación': Reporte, Período, Formato, Frecuencia (presets, 'Avanzado (expresión cron)' last), Hora,
// Programación (the cron expression, only with 'Avanzado'), Responsable (pre-settlement) and Efector (Consumos por
// Efector). With JavaScript the formats, the filter and Hora/Programación follow the choices; without it every field
// is there, each hint says when it counts, and the server says what does not fit. Every field the choices require
// carries the required mark. A refusal keeps what was typed, errors next to the fields (red outline, aria-invalid).
import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SelectInput, TextInput, useHydrated } from "~/components/ui";
import {
  CRON_HINT,
  FORMATO_TEXT,
  FRECUENCIA_TEXT,
  FRECUENCIAS,
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
const FRECUENCIA_OPTIONS = FRECUENCIAS.map((f) => ({ value: f, label: FRECUENCIA_TEXT[f] }));

/**
 * 'Frecuencia', 'Hora' and 'Programación': with JavaScript the hour for a preset, the cron expression for 'Avanzado';
 * without it both, each hint saying when it counts.
 */
function HorarioFields({ fields, frecuencia, hydrated }: { fields: Fields; frecuencia: string; hydrated: boolean }) {
  const avanzado = frecuencia === "avanzado";
  const showHora = !hydrated || !avanzado;
  const showCron = !hydrated || avanzado;
  return (
    <>
      <SelectInput field={fields.frecuencia} label="Frecuencia" options={FRECUENCIA_OPTIONS} required />
      {showHora && (
        <TextInput
          field={fields.hora}
          label="Hora"
          maxLength={8}
          hint={hydrated ? "HH:MM, p. ej. 06:00" : "HH:MM, p. ej. 06:00; no se usa con «Avanzado»"}
          required
        />
      )}
      {showCron && (
        <TextInput
          field={fields.cron}
          label="Programación"
          hint={hydrated ? CRON_HINT : `Sólo con «Avanzado»: ${CRON_HINT}`}
          maxLength={100}
          required={hydrated}
        />
      )}
    </>
  );
}

/** 'Responsable' (pre-settlement) and 'Efector' (Consumos por Efector): with JavaScript only the one the report takes. */
function FiltroFields(p: {
  fields: Fields;
  reporte: Reporte | null;
  responsables: ResponsableOption[];
  hydrated: boolean;
}) {
  const { fields, reporte, responsables, hydrated } = p;
  const showResponsable = !hydrated || reporte === "preliquidacion";
  const showEfector = !hydrated || reporte === "consumos-prestadores";
  return (
    <>
      {showResponsable && (
        <SelectInput
          field={fields.responsable}
          label="Responsable"
          options={responsables.map((r) => ({ value: r.cuit, label: `${r.nombre} (${r.cuit})` }))}
          placeholder="Seleccione"
          hint={hydrated ? undefined : "Obligatorio para Preliquidación; no se usa con otros reportes"}
          required={hydrated}
        />
      )}
      {showEfector && (
        <TextInput
          field={fields.efector}
          label="Efector"
          maxLength={30}
          hint={hydrated ? "Código de efector" : "Código de efector: obligatorio para Consumos por Efector"}
          required={hydrated}
        />
      )}
    </>
  );
}

export function ProgramacionForm({
  form,
  fields,
  reporte,
  frecuencia,
  responsables,
  busy,
}: {
  form: FormMetadata<ProgramacionFormValue, string[]>;
  fields: Fields;
  /** The report chosen now ('' none yet). */
  reporte: string;
  /** The 'Frecuencia' chosen now. */
  frecuencia: string;
  responsables: ResponsableOption[];
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const known = (REPORTES as readonly string[]).includes(reporte) ? (reporte as Reporte) : null;
  const formatos = hydrated && known ? formatosDe(known) : FORMATOS;
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
        <HorarioFields fields={fields} frecuencia={frecuencia} hydrated={hydrated} />
        <FiltroFields fields={fields} reporte={known} responsables={responsables} hydrated={hydrated} />
      </div>
      <div className="rp-actions">
        <button type="submit" name="intent" value="crear" className="ui-button ui-button--primary" disabled={busy}>
          Programar
        </button>
      </div>
    </Form>
  );
}
