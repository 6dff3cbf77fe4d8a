import { useState, type ChangeEvent } from "react";
import { formatDateAR } from "~/lib/dates";
import { Field } from "./Field";

export type DateFieldProps = {
  label: string;
  name: string;
  id?: string;
  /** Controlled value, ISO yyyy-mm-dd ('' for none). */
  value?: string;
  /** Uncontrolled initial value, ISO yyyy-mm-dd (e.g. todayISO()). */
  defaultValue?: string;
  onChange?: (iso: string) => void;
  error?: string | string[] | null;
  errorId?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** ISO bounds. */
  min?: string;
  max?: string;
  className?: string;
};

/**
 * A labelled native date input: the form submits ISO yyyy-mm-dd; the hint shows the chosen date as
 * dd/mm/yyyy (es-AR), or the expected format when empty.
 */
export function DateField({
  label,
  name,
  id,
  value,
  defaultValue,
  onChange,
  error,
  errorId,
  required,
  disabled,
  readOnly,
  min,
  max,
  className,
}: DateFieldProps) {
  const [own, setOwn] = useState(defaultValue ?? "");
  const current = value ?? own;
  const shown = current ? formatDateAR(current) : "";
  const handle = (e: ChangeEvent<HTMLInputElement>) => {
    if (value === undefined) setOwn(e.target.value);
    onChange?.(e.target.value);
  };
  return (
    <Field
      label={label}
      name={name}
      id={id}
      error={error}
      errorId={errorId}
      required={required}
      className={["ui-date-field", className].filter(Boolean).join(" ")}
      hint={shown && shown !== "FECHA INV" ? shown : "dd/mm/aaaa"}
    >
      <input
        type="date"
        className="ui-input"
        lang="es-AR"
        {...(value !== undefined ? { value } : { defaultValue })}
        onChange={handle}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        min={min}
        max={max}
      />
    </Field>
  );
}
