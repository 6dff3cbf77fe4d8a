// Two lists, 'Disponibles' and 'Agregadas', and four buttons between them (move the selected →, all →→, the selected
// ←, all ←←). It renders no <form>: put it inside one. The lists are native <select multiple> (keyboard: arrows,
// Shift/Ctrl+arrows and Space select; Enter, or a double-click on an option, moves the selection to the other list
// once JavaScript runs) and the
// buttons are submit buttons named `mover` (values agregar, agregar-todas, quitar, quitar-todas), so without
// JavaScript the form posts the move and what is selected (`disponibles`, `agregadas`) to the action, which applies
// it. Read-only: two plain lists.
import { useId, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import type { TransferItem } from "./transfer-item";

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

const TRANSFER_FIELDS = { mover: "mover", disponibles: "disponibles", agregadas: "agregadas" } as const;

export function TransferList(props: TransferListProps) {
  const id = useId();
  return props.readOnly ? <ReadOnlyLists id={id} {...props} /> : <EditableLists id={id} {...props} />;
}

type WithId = TransferListProps & { id: string };

/** Read-only: the two lists as plain lists ('Ninguna' when empty). */
function ReadOnlyLists({ id, disponibles, agregadas, className }: WithId) {
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

function EditableLists({ id, title, disponibles, agregadas, busy = false, rows = 10, className }: WithId) {
  const right = useRef<HTMLButtonElement>(null);
  const left = useRef<HTMLButtonElement>(null);
  const lower = title.toLowerCase();
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
        <SideList id={id} side="disponibles" label="Disponibles" items={disponibles} rows={rows} onEnter={right} />
        <div className="ui-transfer-buttons" role="group" aria-label={`Mover ${lower}`}>
          {button("agregar", "→", `Agregar ${lower} seleccionadas`, disponibles.length === 0, right)}
          {button("agregar-todas", "→→", `Agregar todas las ${lower}`, disponibles.length === 0)}
          {button("quitar", "←", `Quitar ${lower} seleccionadas`, agregadas.length === 0, left)}
          {button("quitar-todas", "←←", `Quitar todas las ${lower}`, agregadas.length === 0)}
        </div>
        <SideList id={id} side="agregadas" label="Agregadas" items={agregadas} rows={rows} onEnter={left} />
      </div>
    </fieldset>
  );
}

/** One side's <select multiple>; Enter in it, or a double-click on an option, presses its move button (JS only). */
function SideList({
  id,
  side,
  label,
  items,
  rows,
  onEnter,
}: {
  id: string;
  side: "disponibles" | "agregadas";
  label: string;
  items: TransferItem[];
  rows: number;
  onEnter: RefObject<HTMLButtonElement>;
}) {
  const move = () => {
    const b = onEnter.current;
    if (b?.form && !b.disabled) b.form.requestSubmit(b);
  };
  const enterMoves = (e: KeyboardEvent<HTMLSelectElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    move();
  };
  // the double-clicked option is selected by its first click: the move sends it
  const doubleClickMoves = (e: MouseEvent<HTMLSelectElement>) => {
    if (e.target instanceof HTMLOptionElement) move();
  };
  return (
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
        onKeyDown={enterMoves}
        onDoubleClick={doubleClickMoves}
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
}
