// The ficha form: every section in the spec's order (part 1 §2), the hidden version for the stale-update check,
// the member's fields emptied when the DNI changes (issue 26), and 'Guardar Ficha' when the mode and the user allow
// saving. Read-only view: every control disabled (the fieldset), shown in one read-only style without the required
// asterisks (ReadOnlyContext, .ficha-form--readonly).
import { ReadOnlyContext } from "~/components/ui";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DATOS_AFILIADO, DEFAULT_DEPARTAMENTO, DEFAULT_PROVINCIA, IDENTIDAD_AFILIADO } from "~/modules/oncologia/rules";
import { CaseHeader } from "./CaseHeader";
import { ClinicalSummary } from "./ClinicalSummary";
import { DiagnosisData } from "./DiagnosisData";
import { DrugTable } from "./DrugTable";
import { Measures } from "./Measures";
import { MemberData } from "./MemberData";
import { MemberLookup } from "./MemberLookup";
import { Observations } from "./Observations";
import { Prescriber } from "./Prescriber";
import { Treatments } from "./Treatments";
import type { Catalogos, FichaFields, FichaFormMeta } from "./types";

export const GUARDAR = "guardar";

export type FichaFormProps = {
  form: FichaFormMeta;
  fields: FichaFields;
  catalogos: Catalogos;
  readOnly: boolean;
  showSave: boolean;
  nroFicha: number | null;
  estado: string | null;
};

export function FichaForm({ form, fields, catalogos, readOnly, showSave, nroFicha, estado }: FichaFormProps) {
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  // A DNI other than the one the member's fields were filled for empties them (and what they were filled for)
  // until 'Buscar' answers: another member's data never stay next to this DNI (issue 26).
  const onDniChange = (dni: string) => {
    const value = (form.value ?? {}) as Record<string, unknown>;
    const buscado = String(value.afi_dni_buscado ?? "");
    if (dni.trim() === buscado && buscado !== "") return;
    const filled = [...IDENTIDAD_AFILIADO, "afi_dni_buscado"].some((k) => String(value[k] ?? "") !== "");
    if (!filled) return;
    for (const name of DATOS_AFILIADO) {
      const blank =
        name === "afi_provincia" ? DEFAULT_PROVINCIA : name === "afi_departamento" ? DEFAULT_DEPARTAMENTO : "";
      form.update({ name, value: blank });
    }
    form.update({ name: fields.afi_dni_buscado.name, value: "" });
  };
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={readOnly ? "ficha-form ficha-form--readonly" : "ficha-form"}
      aria-label="Ficha de oncología"
    >
      {/* The form's default button, disabled: Enter in a field never submits this long form (no accidental
          'Buscar' or save); the user presses 'Buscar' or 'Guardar Ficha'. */}
      <button type="submit" disabled tabIndex={-1} aria-hidden="true" className="sr-only" />
      <input key={versionKey} {...versionProps} />
      {form.errors && (
        <p id={form.errorId} className="ui-field-error" role="alert">
          {form.errors.join(". ")}
        </p>
      )}
      <ReadOnlyContext.Provider value={readOnly}>
        <fieldset disabled={readOnly} className="ficha-body">
          <CaseHeader fields={fields} nroFicha={nroFicha} estado={estado} />
          <MemberLookup fields={fields} readOnly={readOnly} onDniChange={readOnly ? undefined : onDniChange} />
          <MemberData fields={fields} />
          <Prescriber fields={fields} medicos={catalogos.medicos} />
          <DiagnosisData fields={fields} organos={catalogos.organos} />
          <ClinicalSummary fields={fields} />
          <Treatments fields={fields} />
          <Measures fields={fields} />
          <DrugTable form={form} fields={fields} monodrogas={catalogos.monodrogas} readOnly={readOnly} />
          <Observations fields={fields} />
        </fieldset>
      </ReadOnlyContext.Provider>
      {showSave && (
        <div className="ficha-actions">
          <button type="submit" name="intent" value={GUARDAR} className="ui-button ui-button--primary">
            Guardar Ficha
          </button>
        </div>
      )}
    </Form>
  );
}
