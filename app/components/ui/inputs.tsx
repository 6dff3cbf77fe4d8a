// The form-input kit: labelled controls bound to a conform field (text/number/date inputs, textareas, selects,
// checkboxes) and the plain checkbox and radio inside their label (inline label). Every bound control is labelled through
// Field (label + hint + error linked by id, aria-invalid / aria-describedby); the required asterisk is aria-hidden,
// the control `required`. In a read-only view (ReadOnlyContext) the surrounding fieldset disables every control, and
// the required asterisks and the hints (they explain how to fill a field in) are left out.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import {
  createContext,
  useContext,
  type ChangeEventHandler,
  type InputHTMLAttributes,
  type KeyboardEventHandler,
  type ReactNode,
} from "react";
import { Field } from "./Field";

/** A conform field of any form (the kit reads only its name, id, errors and initial value). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

/** True inside the read-only view of a form (e.g. 'Consultar Ficha'). */
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
  inputMode?: "numeric" | "decimal" | "text" | "tel" | "email";
  /** The back office's forms do not autofill: 'off' unless given. */
  autoComplete?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
};

/** A labelled input. A read-only one is not `required` (the browser does not check it). */
export function TextInput(p: TextInputProps) {
  const { key, ...props } = getInputProps(p.field, { type: p.type ?? "text" });
  const fieldProps = useFieldProps(p);
  return (
    <Field {...fieldProps}>
      <input
        key={key}
        {...props}
        required={p.readOnly ? false : props.required}
        className="ui-input"
        step={p.step}
        min={p.min}
        max={p.max}
        maxLength={p.maxLength}
        list={p.list}
        readOnly={p.readOnly}
        inputMode={p.inputMode}
        autoComplete={p.autoComplete ?? "off"}
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

/** A labelled select; a stored value no longer offered is still offered, so it is not lost on save. */
export function SelectInput(
  p: Common & { options: readonly Option[]; placeholder?: string; onChange?: ChangeEventHandler<HTMLSelectElement> },
) {
  const { key, ...props } = getSelectProps(p.field);
  const current = typeof p.field.initialValue === "string" ? p.field.initialValue : "";
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

/** A conform checkbox with its label after it and its error below (e.g. the ficha's treatment states). */
export function CheckboxInput({ field, label, className }: { field: AnyField; label: string; className?: string }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className={["ui-check-field", className].filter(Boolean).join(" ")}>
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

export type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode };

/** A plain checkbox inside its label, the label's text after the box (GET filter forms: 'Afiliados Inactivos'). */
export function Checkbox({ label, className, ...input }: ChoiceProps) {
  return (
    <label className={["ui-check", className].filter(Boolean).join(" ")}>
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}

/** A radio button inside its label, the label's text after it ('Buscar por', 'Nuevo estado'). */
export function Radio({ label, className, ...input }: ChoiceProps) {
  return (
    <label className={["ui-radio", className].filter(Boolean).join(" ")}>
      <input type="radio" {...input} />
      {label}
    </label>
  );
}

export const toOptions = (values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), label: String(v) }));
