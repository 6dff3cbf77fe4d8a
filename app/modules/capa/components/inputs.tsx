// Labelled conform controls of the CAPA form (text, date, email, tel, number inputs and selects). Every control is
// labelled through Field (label + error linked by id); the required asterisk is aria-hidden, the input `required`.
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { KeyboardEventHandler } from "react";
import { Field } from "~/components/ui";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

type Common = { field: AnyField; label: string; required?: boolean; hint?: string; className?: string };

const fieldProps = (c: Common) => ({
  label: c.label,
  name: c.field.name,
  id: c.field.id,
  errorId: c.field.errorId,
  error: c.field.errors,
  required: c.required,
  hint: c.hint,
  className: c.className,
});

export function TextInput(
  p: Common & {
    type?: "text" | "date" | "email" | "tel" | "number";
    maxLength?: number;
    min?: number | string;
    max?: number | string;
    readOnly?: boolean;
    inputMode?: "numeric" | "text" | "tel" | "email";
    autoComplete?: string;
    onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  },
) {
  const { key, ...props } = getInputProps(p.field, { type: p.type ?? "text" });
  return (
    <Field {...fieldProps(p)}>
      <input
        key={key}
        {...props}
        required={p.readOnly ? false : props.required}
        className="ui-input"
        maxLength={p.maxLength}
        min={p.min}
        max={p.max}
        readOnly={p.readOnly}
        inputMode={p.inputMode}
        autoComplete={p.autoComplete ?? "off"}
        onKeyDown={p.onKeyDown}
      />
    </Field>
  );
}

export type Option = { value: string; label: string };

export function SelectInput(p: Common & { options: readonly Option[]; placeholder?: string }) {
  const { key, ...props } = getSelectProps(p.field);
  const current = typeof p.field.initialValue === "string" ? p.field.initialValue : "";
  // A stored value no longer offered is still shown, so it is not lost on save.
  const options =
    current && !p.options.some((o) => o.value === current)
      ? [...p.options, { value: current, label: current }]
      : p.options;
  return (
    <Field {...fieldProps(p)}>
      <select key={key} {...props} className="ui-input">
        {p.placeholder !== undefined && <option value="">{p.placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
