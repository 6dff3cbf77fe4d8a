// Prescriber: hospital, doctor (free text with the doctors list as suggestions), licences and email.
import { TextInput } from "~/components/ui";
import { Section } from "./Section";
import type { Catalogos, SectionProps } from "./types";

export function Prescriber({ fields, medicos }: SectionProps & { medicos: Catalogos["medicos"] }) {
  const listId = `${fields.prescriptor_nombre.id}-medicos`;
  return (
    <Section title="Médico Prescriptor">
      <TextInput field={fields.hospital} label="Hospital" maxLength={120} />
      <TextInput field={fields.prescriptor_nombre} label="Médico Prescriptor" maxLength={120} list={listId} />
      <datalist id={listId}>
        {medicos.map((m) => (
          <option key={m.id} value={m.apeynom} />
        ))}
      </datalist>
      <TextInput field={fields.prescriptor_matricula_prof} label="Matrícula Profesional" maxLength={20} />
      <TextInput field={fields.prescriptor_matricula_espe} label="Matrícula Especialista" maxLength={20} />
      <TextInput field={fields.prescriptor_email} label="Email del Prescriptor" type="email" maxLength={120} />
    </Section>
  );
}
