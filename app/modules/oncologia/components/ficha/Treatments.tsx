// Treatments: the current state (actual / adyuvancia / avanzado) and the four treatments, each with its date and
// type or scheme text, shown when checked (without JavaScript always shown).
import { type AnyField, CheckboxInput, ReadOnlyContext, TextInput, useHydrated } from "~/components/ui";
import { useContext } from "react";
import { Section } from "./Section";
import type { SectionProps } from "./types";

function Treatment({
  check,
  fecha,
  texto,
  label,
  textLabel,
  show,
}: {
  check: AnyField;
  fecha: AnyField;
  texto: AnyField;
  label: string;
  textLabel: string;
  show: boolean;
}) {
  // The read-only view's controls are disabled (left out of the form's data), so it shows what was stored.
  const readOnly = useContext(ReadOnlyContext);
  const checked = (readOnly ? check.initialValue : check.value) === "on";
  return (
    <div className="ficha-treatment">
      <CheckboxInput field={check} label={label} />
      {(show || checked) && (
        <div className="ficha-treatment-detail">
          <TextInput field={fecha} label={`Fecha de ${label}`} type="date" />
          <TextInput field={texto} label={textLabel} maxLength={500} />
        </div>
      )}
    </div>
  );
}

export function Treatments({ fields }: SectionProps) {
  const showAll = !useHydrated();
  return (
    <Section title="Tratamientos" className="ficha-stack">
      <fieldset className="ficha-checks">
        <legend>Estado</legend>
        <CheckboxInput field={fields.estado_actual} label="Actual" />
        <CheckboxInput field={fields.estado_adyuvancia} label="Adyuvancia" />
        <CheckboxInput field={fields.estado_avanzado} label="Avanzado" />
      </fieldset>
      <Treatment
        check={fields.cirugia}
        fecha={fields.fecha_cirugia}
        texto={fields.tipo_cirugia}
        label="Cirugía"
        textLabel="Tipo de Cirugía"
        show={showAll}
      />
      <Treatment
        check={fields.quimioterapia}
        fecha={fields.fecha_quimioterapia}
        texto={fields.esquema_quimioterapia}
        label="Quimioterapia"
        textLabel="Esquema de Quimioterapia"
        show={showAll}
      />
      <Treatment
        check={fields.radioterapia}
        fecha={fields.fecha_radioterapia}
        texto={fields.esquema_radioterapia}
        label="Radioterapia"
        textLabel="Esquema de Radioterapia"
        show={showAll}
      />
      <Treatment
        check={fields.homonoterapia}
        fecha={fields.fecha_homonoterapia}
        texto={fields.esquema_homonoterapia}
        label="Hormonoterapia"
        textLabel="Esquema de Hormonoterapia"
        show={showAll}
      />
    </Section>
  );
}
