// Member lookup by DNI: 'Buscar' submits the intent buscar-afiliado (works without JavaScript); the action fills
// the member data and keeps every other value entered. With JavaScript, Enter in the DNI box presses 'Buscar' (the
// form's own default button stays disabled: Enter anywhere else submits nothing). The hidden afi_dni_buscado keeps
// the DNI the member's fields were filled for; typing another DNI calls `onDniChange` (the form empties them).
import { TextInput } from "~/components/ui";
import { getInputProps } from "@conform-to/react";
import { useRef, type ChangeEvent, type KeyboardEvent } from "react";
import { BUSCAR_AFILIADO } from "./form-schema";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function MemberLookup({
  fields,
  readOnly,
  onDniChange,
}: SectionProps & { readOnly: boolean; onDniChange?: (dni: string) => void }) {
  const buscar = useRef<HTMLButtonElement>(null);
  const { key: buscadoKey, ...buscadoProps } = getInputProps(fields.afi_dni_buscado, { type: "hidden" });
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing || readOnly) return;
    e.preventDefault();
    const button = buscar.current;
    if (button?.form && !button.disabled) button.form.requestSubmit(button);
  };
  return (
    <Section title="Búsqueda de Afiliado" className="ficha-lookup">
      <input key={buscadoKey} {...buscadoProps} />
      <TextInput
        field={fields.afi_dni}
        label="DNI"
        inputMode="numeric"
        maxLength={8}
        required
        onKeyDown={onKeyDown}
        onChange={onDniChange ? (e: ChangeEvent<HTMLInputElement>) => onDniChange(e.currentTarget.value) : undefined}
      />
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
