// Observations.
import { TextArea } from "~/components/ui";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function Observations({ fields }: SectionProps) {
  return (
    <Section title="Observaciones" className="ficha-stack">
      <TextArea field={fields.observacion} label="Observaciones" rows={4} maxLength={5000} />
    </Section>
  );
}
