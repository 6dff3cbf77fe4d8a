// Clinical summary: history, studies done and previous controls.
import { TextArea } from "~/components/ui";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function ClinicalSummary({ fields }: SectionProps) {
  return (
    <Section title="Resumen Clínico" className="ficha-stack">
      <TextArea
        field={fields.resumen_historia_clinica}
        label="Resumen de Historia Clínica"
        rows={4}
        maxLength={5000}
        required
      />
      <TextArea field={fields.estudios_realizados} label="Estudios Realizados" maxLength={5000} />
      <TextArea field={fields.controles_previos} label="Controles Previos" maxLength={5000} />
    </Section>
  );
}
