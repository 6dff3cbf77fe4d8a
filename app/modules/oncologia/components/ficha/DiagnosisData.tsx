// Diagnosis data: date, age at diagnosis (years, months), histology and organ.
import { SelectInput, TextArea, TextInput } from "~/components/ui";
import { Section } from "./Section";
import type { Catalogos, SectionProps } from "./types";

export function DiagnosisData({ fields, organos }: SectionProps & { organos: Catalogos["organos"] }) {
  return (
    <Section title="Datos del Diagnóstico">
      <TextInput field={fields.fecha_diagnostico} label="Fecha de Diagnóstico" type="date" required />
      <TextInput
        field={fields.edad_al_dianostico_anios}
        label="Edad al Diagnóstico (años)"
        type="number"
        min={0}
        max={120}
        step="1"
      />
      <TextInput
        field={fields.edad_al_dianostico_meses}
        label="Edad al Diagnóstico (meses)"
        type="number"
        min={0}
        max={11}
        step="1"
      />
      <SelectInput
        field={fields.organoId}
        label="Diagnóstico de Organo"
        placeholder="Seleccione un órgano"
        required
        options={organos.map((o) => ({ value: String(o.id), label: o.descripcion }))}
      />
      <TextArea
        field={fields.diagnostico_histologico}
        label="Diagnóstico Histológico"
        maxLength={500}
        required
        className="ficha-wide"
      />
    </Section>
  );
}
