// Case header: the date (editable), the case number and status (read-only).
import { Chip, TextInput } from "~/components/ui";
import { estadoTone } from "~/modules/oncologia/rules";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function CaseHeader({
  fields,
  nroFicha,
  estado,
}: SectionProps & { nroFicha: number | null; estado: string | null }) {
  return (
    <Section title="Datos de la Ficha" className="ficha-header">
      <TextInput field={fields.fecha} label="Fecha" type="date" required />
      <div className="ui-field">
        <span className="ui-label" id="ficha-nro-label">
          Número de Ficha
        </span>
        <output aria-labelledby="ficha-nro-label" className="ficha-readonly" data-testid="nro-ficha">
          {nroFicha ?? "Se asigna al guardar"}
        </output>
      </div>
      <div className="ui-field">
        <span className="ui-label" id="ficha-estado-label">
          Estado
        </span>
        <output aria-labelledby="ficha-estado-label" className="ficha-readonly" data-testid="estado-ficha">
          {estado ? <Chip label={estado} tone={estadoTone(estado)} /> : "-"}
        </output>
      </div>
    </Section>
  );
}
