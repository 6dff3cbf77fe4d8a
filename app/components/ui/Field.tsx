import {
  cloneElement,
  isValidElement,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";

/** Props a control needs to be linked to its label, hint and error. */
export type ControlProps = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export type FieldProps = {
  label: ReactNode;
  name: string;
  /** Control id (e.g. conform's field.id); generated when absent. */
  id?: string;
  /** Error id (e.g. conform's field.errorId); defaults to `${id}-error`. */
  errorId?: string;
  /** One message or a list (conform's field.errors). */
  error?: string | string[] | null;
  /**
   * The error text is shown by another element, whose id is `errorId` (e.g. one message for a whole form):
   * the control is still marked invalid and described by that element, and Field does not repeat the text.
   */
  errorShownElsewhere?: boolean;
  hint?: ReactNode;
  required?: boolean;
  /**
   * The control: an element (input/select/textarea, which receives id, name and the aria props
   * unless it sets them) or a function receiving those props. Without children an <input> is rendered.
   */
  children?: ReactElement | ((props: ControlProps) => ReactNode);
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
};

/** Label + control + hint + error, id-linked with aria-describedby / aria-invalid. */
export function Field({
  label,
  name,
  id,
  errorId,
  error,
  errorShownElsewhere = false,
  hint,
  required,
  children,
  inputProps,
  className,
}: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `${name}-${autoId}`;
  const errors = (Array.isArray(error) ? error : error ? [error] : []).filter(Boolean);
  const errId = errorId ?? `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint ? hintId : null, errors.length ? errId : null].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = {
    id: controlId,
    name,
    "aria-invalid": errors.length ? true : undefined,
    "aria-describedby": describedBy,
  };

  let content: ReactNode;
  if (typeof children === "function") content = children(control);
  else if (isValidElement<Partial<ControlProps>>(children)) {
    const own = children.props;
    content = cloneElement(children, {
      id: own.id ?? control.id,
      name: own.name ?? control.name,
      "aria-invalid": own["aria-invalid"] ?? control["aria-invalid"],
      "aria-describedby": own["aria-describedby"] ?? control["aria-describedby"],
    });
  } else content = <input className="ui-input" required={required} {...inputProps} {...control} />;

  return (
    <div className={["ui-field", errors.length && "ui-field--invalid", className].filter(Boolean).join(" ")}>
      <label className="ui-label" htmlFor={controlId}>
        {label}
        {required && (
          <span className="ui-required" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {content}
      {hint && (
        <span id={hintId} className="ui-field-hint">
          {hint}
        </span>
      )}
      {errors.length > 0 && !errorShownElsewhere && (
        <span id={errId} className="ui-field-error">
          {errors.join(". ")}
        </span>
      )}
    </div>
  );
}
