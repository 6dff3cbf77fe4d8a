// Two lists, 'Disponibles' and 'Agregadas', and four buttons between them (move the selected →, all →→, the selected
// ←, all ←←). It renders no <form>: put it inside one. The lists are native <select multiple> (keyboard: arrows,
// Shift/Ctrl+arrows and Space select; Enter moves the selection to the other list once JavaScript runs) and the
// buttons are submit buttons named `mover` (values agregar, agregar-todas, quitar, quitar-todas), so without
// JavaScript the form posts the move and what is selected (`disponibles`, `agregadas`) to the action, which applies
// it. Read-only: two plain lists.
import { useId, useRef, type KeyboardEvent } from "react";

export type TransferItem = { value: string; label: string };

export type TransferListProps = {
  /** The group's name ('Operaciones', 'Pantallas'): the fieldset's legend and part of the buttons' names. */
  title: string;
  disponibles: TransferItem[];
  agregadas: TransferItem[];
  /** Shows the two lists without controls (e.g. a built-in profile). */
  readOnly?: boolean;
  /** Disables the buttons (a move being sent). */
  busy?: boolean;
  /** Visible rows of each list. */
  rows?: number;
  className?: string;
};

export const TRANSFER_FIELDS = { mover: "mover", disponibles: "disponibles", agregadas: "agregadas" } as const;

export function TransferList({
  title,
  disponibles,
  agregadas,
  readOnly = false,
  busy = false,
  rows = 10,
  className,
}: TransferListProps) {
  const id = useId();
  const right = useRef<HTMLButtonElement>(null);
  const left = useRef<HTMLButtonElement>(null);
  const lower = title.toLowerCase();

  if (readOnly) {
    return (
      <section className={["ui-transfer ui-transfer--readonly", className].filter(Boolean).join(" ")}>
        {(
          [
            ["Disponibles", disponibles],
            ["Agregadas", agregadas],
          ] as const
        ).map(([label, items]) => (
          <div key={label} className="ui-transfer-col">
            <h3 className="ui-transfer-label" id={`${id}-${label}`}>
              {label}
            </h3>
            <ul aria-labelledby={`${id}-${label}`} className="ui-transfer-static">
              {items.length ? items.map((i) => <li key={i.value}>{i.label}</li>) : <li>Ninguna</li>}
            </ul>
          </div>
        ))}
      </section>
    );
  }

  /** Enter in a list moves its selection (JavaScript only: the button is pressed for the user). */
  const enterMoves = (button: typeof right) => (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const b = button.current;
    if (b?.form && !b.disabled) b.form.requestSubmit(b);
  };

  const list = (side: "disponibles" | "agregadas", label: string, items: TransferItem[], onEnter: typeof right) => (
    <div className="ui-transfer-col">
      <label className="ui-transfer-label" htmlFor={`${id}-${side}`}>
        {label}
      </label>
      <select
        id={`${id}-${side}`}
        name={TRANSFER_FIELDS[side]}
        multiple
        size={rows}
        className="ui-input ui-transfer-select"
        onKeyDown={enterMoves(onEnter)}
        aria-describedby={`${id}-hint`}
      >
        {items.map((i) => (
          <option key={i.value} value={i.value}>
            {i.label}
          </option>
        ))}
      </select>
      <span className="ui-transfer-count">{items.length}</span>
    </div>
  );

  const button = (value: string, text: string, name: string, disabled: boolean, ref?: typeof right) => (
    <button
      ref={ref}
      type="submit"
      name={TRANSFER_FIELDS.mover}
      value={value}
      className="ui-button ui-button--secondary ui-transfer-button"
      aria-label={name}
      title={name}
      disabled={busy || disabled}
    >
      <span aria-hidden="true">{text}</span>
    </button>
  );

  return (
    <fieldset className={["ui-transfer", className].filter(Boolean).join(" ")}>
      <legend className="ui-transfer-legend">{title}</legend>
      <p id={`${id}-hint`} className="ui-field-hint ui-transfer-hint">
        Seleccione en una lista y use los botones para moverlas.
      </p>
      <div className="ui-transfer-body">
        {list("disponibles", "Disponibles", disponibles, right)}
        <div className="ui-transfer-buttons" role="group" aria-label={`Mover ${lower}`}>
          {button("agregar", "→", `Agregar ${lower} seleccionadas`, disponibles.length === 0, right)}
          {button("agregar-todas", "→→", `Agregar todas las ${lower}`, disponibles.length === 0)}
          {button("quitar", "←", `Quitar ${lower} seleccionadas`, agregadas.length === 0, left)}
          {button("quitar-todas", "←←", `Quitar todas las ${lower}`, agregadas.length === 0)}
        </div>
        {list("agregadas", "Agregadas", agregadas, left)}
      </div>
    </fieldset>
  );
}
