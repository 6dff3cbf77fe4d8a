// Editable drug table: a conform field list; 'Agregar droga' and 'Quitar' are submit buttons carrying conform
// intents, so rows are added and removed with or without JavaScript. Each row is a fieldset 'Droga N'. Drugs are
// optional (decision 027): a row left wholly blank is not saved.
import { SelectInput, TextInput, toOptions, type Option } from "~/components/ui";
import { FRECUENCIAS, PRESENTACIONES } from "~/modules/oncologia/rules";
import { Section } from "./Section";
import type { Catalogos, FichaFormMeta, SectionProps } from "./types";

export const EMPTY_DRUG = { droga: "" };

type Props = SectionProps & { form: FichaFormMeta; monodrogas: Catalogos["monodrogas"]; readOnly: boolean };

export function DrugTable({ form, fields, monodrogas, readOnly }: Props) {
  const rows = fields.monodrogas.getFieldList();
  const drugOptions = monodrogas.map((m) => ({ value: m.descripcion, label: m.descripcion }));
  return (
    <Section title="Medicación" className="ficha-stack">
      {rows.length === 0 && <p className="ficha-empty">Sin drogas cargadas.</p>}
      {!readOnly && (
        <p className="ui-field-hint">
          Las drogas son opcionales (cirugía o radioterapia solas): una fila vacía no se guarda.
        </p>
      )}
      {rows.map((row, i) => (
        <DrugRow
          key={row.key}
          row={row}
          i={i}
          form={form}
          fields={fields}
          drugOptions={drugOptions}
          readOnly={readOnly}
        />
      ))}
      {fields.monodrogas.errors && (
        <p id={fields.monodrogas.errorId} className="ui-field-error" role="alert">
          {fields.monodrogas.errors.join(". ")}
        </p>
      )}
      {!readOnly && (
        <div>
          <button
            {...form.insert.getButtonProps({ name: fields.monodrogas.name, defaultValue: EMPTY_DRUG })}
            type="submit"
            className="ui-button ui-button--secondary"
          >
            Agregar droga
          </button>
        </div>
      )}
    </Section>
  );
}

type Row = ReturnType<SectionProps["fields"]["monodrogas"]["getFieldList"]>[number];
type RowProps = Omit<Props, "monodrogas"> & { row: Row; i: number; drugOptions: Option[] };

/** One drug: 'Droga N' with its protocol, doses, presentation, cycles, frequency and 'Quitar'. */
function DrugRow({ row, i, form, fields, drugOptions, readOnly }: RowProps) {
  const r = row.getFieldset();
  const n = i + 1;
  return (
    <fieldset className="ficha-drug">
      <legend>Droga {n}</legend>
      <div className="ficha-drug-grid">
        <SelectInput
          field={r.droga}
          label="Droga"
          placeholder="Seleccione una droga"
          options={drugOptions}
          required
          className="ficha-drug-name"
        />
        <TextInput
          field={r.mgrs_protocolo}
          label="Mgrs. Protocolo"
          type="number"
          step="0.01"
          min={0.01}
          inputMode="decimal"
          required
        />
        <TextInput field={r.cantidad} label="Días de Protocolo" type="number" step="1" min={1} max={365} required />
        <TextInput
          field={r.dosis_dia}
          label="Dosis por Día"
          type="number"
          step="0.01"
          min={0.01}
          inputMode="decimal"
          required
        />
        <TextInput field={r.dosis_total} label="Dosis Total" type="number" step="0.01" min={0.01} inputMode="decimal" />
        <SelectInput
          field={r.presentacion}
          label="Presentación"
          placeholder="Seleccione"
          options={toOptions(PRESENTACIONES)}
          required
        />
        <TextInput
          field={r.presentacion_cantidad}
          label="Cantidad por Presentación"
          type="number"
          step="1"
          min={1}
          required
        />
        <TextInput field={r.ciclos} label="Ciclos" type="number" step="1" min={1} max={100} required />
        <SelectInput
          field={r.frecuencia}
          label="Frecuencia (días)"
          placeholder="Seleccione"
          options={toOptions(FRECUENCIAS)}
          required
        />
      </div>
      {!readOnly && (
        <button
          {...form.remove.getButtonProps({ name: fields.monodrogas.name, index: i })}
          type="submit"
          className="ui-button ui-button--danger ficha-drug-remove"
          aria-label={`Quitar Droga ${n}`}
        >
          Quitar
        </button>
      )}
    </fieldset>
  );
}
