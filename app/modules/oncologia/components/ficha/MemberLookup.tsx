// Member lookup by DNI: 'Buscar' submits the intent buscar-afiliado (works without JavaScript); the action fills
// the member data and keeps every other value entered. With JavaScript, Enter in the DNI box presses 'Buscar' (the
// form's own default button stays disabled: Enter anywhere else submits nothing).
import { useRef, type KeyboardEvent } from "react";
import { TextInput } from "./inputs";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export const BUSCAR_AFILIADO = "buscar-afiliado";

export function MemberLookup({ fields, readOnly }: SectionProps & { readOnly: boolean }) {
  const buscar = useRef<HTMLButtonElement>(null);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing || readOnly) return;
    e.preventDefault();
    const button = buscar.current;
    if (button?.form && !button.disabled) button.form.requestSubmit(button);
  };
  return (
    <Section title="Búsqueda de Afiliado" className="ficha-lookup">
      <TextInput field={fields.afi_dni} label="DNI" inputMode="numeric" maxLength={8} required onKeyDown={onKeyDown} />
      {!readOnly && (
        <button
          ref={buscar}
          type="submit"
          name="intent"
          value={BUSCAR_AFILIADO}
          formNoValidate
          className="ui-button ui-button--secondary ficha-lookup-button"
        >
          Buscar
        </button>
      )}
    </Section>
  );
}
