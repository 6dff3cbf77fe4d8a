// Member lookup by DNI: 'Buscar' submits the intent buscar-afiliado (works without JavaScript); the action fills
// the member data and keeps every other value entered.
import { TextInput } from "./inputs";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export const BUSCAR_AFILIADO = "buscar-afiliado";

export function MemberLookup({ fields, readOnly }: SectionProps & { readOnly: boolean }) {
  return (
    <Section title="Búsqueda de Afiliado" className="ficha-lookup">
      <TextInput field={fields.afi_dni} label="DNI" inputMode="numeric" maxLength={8} required />
      {!readOnly && (
        <button type="submit" name="intent" value={BUSCAR_AFILIADO} formNoValidate className="ui-button ui-button--secondary ficha-lookup-button">
          Buscar
        </button>
      )}
    </Section>
  );
}
