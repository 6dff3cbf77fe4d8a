// Diagnosis, stage, weight, size and body surface. The body surface is recomputed (Mosteller, bodySurface) when
// the weight or the size changes, and stays editable.
import { SelectInput, TextArea, TextInput, toOptions } from "~/components/ui";
import type { ChangeEvent } from "react";
import { bodySurface, BOUNDS, ESTADIOS } from "~/modules/oncologia/rules";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function Measures({ fields }: SectionProps) {
  const recompute = (e: ChangeEvent<HTMLInputElement>) => {
    const form = e.currentTarget.form;
    if (!form) return;
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
    const value = bodySurface(
      Number(input(fields.peso.name)?.value || NaN),
      Number(input(fields.talla.name)?.value || NaN),
    );
    const target = input(fields.sup_corporal.name);
    if (value == null || !target) return;
    target.value = value.toFixed(2);
    target.dispatchEvent(new Event("input", { bubbles: true })); // conform tracks the new value
  };
  return (
    <Section title="Diagnóstico y Medidas">
      <TextArea field={fields.diagnostico} label="Diagnóstico" maxLength={1000} required className="ficha-wide" />
      <SelectInput field={fields.estadio} label="Estadio" placeholder="Sin estadio" options={toOptions(ESTADIOS)} />
      <TextInput
        field={fields.peso}
        label="Peso (kg)"
        type="number"
        step="0.01"
        min={BOUNDS.peso.min}
        max={BOUNDS.peso.max}
        inputMode="decimal"
        required
        onChange={recompute}
      />
      <TextInput
        field={fields.talla}
        label="Talla (cm)"
        type="number"
        step="0.01"
        min={BOUNDS.talla.min}
        max={BOUNDS.talla.max}
        inputMode="decimal"
        required
        onChange={recompute}
      />
      <TextInput
        field={fields.sup_corporal}
        label="Superficie Corporal (m²)"
        type="number"
        step="0.01"
        min={BOUNDS.sup_corporal.min}
        max={BOUNDS.sup_corporal.max}
        inputMode="decimal"
        required
        hint="Se calcula con el peso y la talla (Mosteller); puede corregirse"
      />
    </Section>
  );
}
