// Labelled conform controls of the ficha form: text/number/date inputs, textareas, selects and checkboxes.
// Every control is labelled (Field: label + error linked by id). In the read-only view (ReadOnlyContext) the
// surrounding fieldset disables every control, the required asterisks are left out and the hints too (they
// explain how to fill a field in); oncologia-ficha.css gives every disabled control one read-only look.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { createContext, useContext, type ChangeEventHandler, type KeyboardEventHandler, type ReactNode } from "react";
import { Field } from "~/components/ui";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

/** True inside the read-only view of a ficha ('Consultar Ficha'). */
export const ReadOnlyContext = createContext(false);

type Common = { field: AnyField; label: string; required?: boolean; hint?: ReactNode; className?: string };

function useFieldProps(c: Common) {
  const readOnly = useContext(ReadOnlyContext);
  return {
    label: c.label,
    name: c.field.name,
    id: c.field.id,
    errorId: c.field.errorId,
    error: c.field.errors,
    required: readOnly ? false : c.required,
    hint: readOnly ? undefined : c.hint,
    className: c.className,
  };
}

export type TextInputProps = Common & {
  type?: "text" | "number" | "date" | "email" | "tel";
  step?: string;
  min?: number | string;
  max?: number | string;
  maxLength?: number;
  list?: string;
  readOnly?: boolean;
  inputMode?: "numeric" | "decimal" | "text";
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
};

export function TextInput(p: TextInputProps) {
  const { key, ...props } = getInputProps(p.field, { type: p.type ?? "text" });
  const fieldProps = useFieldProps(p);
  return (
    <Field {...fieldProps}>
      <input
        key={key}
        {...props}
        className="ui-input"
        step={p.step}
        min={p.min}
        max={p.max}
        maxLength={p.maxLength}
        list={p.list}
        readOnly={p.readOnly}
        inputMode={p.inputMode}
        onChange={p.onChange}
        onKeyDown={p.onKeyDown}
      />
    </Field>
  );
}

export function TextArea(p: Common & { rows?: number; maxLength?: number }) {
  const { key, ...props } = getTextareaProps(p.field);
  const fieldProps = useFieldProps(p);
  return (
    <Field {...fieldProps}>
      <textarea key={key} {...props} className="ui-input" rows={p.rows ?? 3} maxLength={p.maxLength} />
    </Field>
  );
}

export type Option = { value: string; label: string };

export function SelectInput(
  p: Common & { options: readonly Option[]; placeholder?: string; onChange?: ChangeEventHandler<HTMLSelectElement> },
) {
  const { key, ...props } = getSelectProps(p.field);
  const current = typeof p.field.initialValue === "string" ? p.field.initialValue : "";
  // A stored value no longer in the list is still offered, so it is not lost on save.
  const options =
    current && !p.options.some((o) => o.value === current)
      ? [...p.options, { value: current, label: current }]
      : p.options;
  const fieldProps = useFieldProps(p);
  return (
    <Field {...fieldProps}>
      <select key={key} {...props} className="ui-input" onChange={p.onChange}>
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

export function CheckboxInput({ field, label }: { field: AnyField; label: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="ficha-check">
      <input key={key} {...props} />
      <label htmlFor={field.id}>{label}</label>
      {field.errors && (
        <span id={field.errorId} className="ui-field-error">
          {field.errors.join(". ")}
        </span>
      )}
    </div>
  );
}

export const toOptions = (values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), label: String(v) }));
