// The household members (integrantes): a conform field list. 'Agregar integrante' and 'Quitar' are submit buttons
// carrying conform's intents, and each row's 'Buscar' submits the intent buscar-integrante:<row>, so rows are added,
// removed and looked up with or without JavaScript. Each row is a fieldset 'Integrante N'. A failed lookup is
// silent (spec §8): the name and age are then typed by hand. The list's buttons validate nothing (conform applies
// the intent whatever the other fields hold); a new row gets the focus in its DNI, and a removed row's focus goes to
// 'Agregar integrante'.
import { TextInput } from "~/components/ui";
import { useEffect, useRef, type KeyboardEvent } from "react";
import { buscarIntegrante } from "~/modules/capa/capa.schema";
import { MAX_INTEGRANTES } from "~/modules/capa/rules";
import { EMPTY_INTEGRANTE } from "./defaults";
import { Section } from "./Section";
import type { CapaFields, CapaFormMeta } from "./types";

/** Enter in a DNI box presses the 'Buscar' button next to it (the form's default button is disabled). */
export function enterPresses(buttonId: string) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const button = document.getElementById(buttonId) as HTMLButtonElement | null;
    if (button?.form && !button.disabled) button.form.requestSubmit(button);
  };
}

const AGREGAR_ID = "capa-agregar-integrante";

/** After a row is added, the focus goes to its DNI; after one is removed with the focus lost, to 'Agregar'. */
function useListFocus(count: number, lastDniId: string | undefined) {
  const previous = useRef(count);
  useEffect(() => {
    const before = previous.current;
    previous.current = count;
    if (count > before && lastDniId) document.getElementById(lastDniId)?.focus();
    else if (count < before && (!document.activeElement || document.activeElement === document.body))
      document.getElementById(AGREGAR_ID)?.focus();
  }, [count, lastDniId]);
}

type Props = { form: CapaFormMeta; fields: CapaFields; readOnly: boolean };

export function Integrantes({ form, fields, readOnly }: Props) {
  const rows = fields.integrantes.getFieldList();
  useListFocus(rows.length, rows.at(-1)?.getFieldset().afi_dni_integrante.id);
  return (
    <Section title="Integrantes del grupo familiar" className="capa-integrantes">
      {rows.length === 0 && <p className="capa-empty">Sin integrantes cargados.</p>}
      {!readOnly && (
        <p className="ui-field-hint">
          Buscar completa el nombre y la edad cuando el DNI es de un afiliado; si no lo es, escríbalos.
        </p>
      )}
      {rows.map((row, i) => (
        <IntegranteRow key={row.key} row={row} i={i} form={form} fields={fields} readOnly={readOnly} />
      ))}
      {fields.integrantes.errors && (
        <p id={fields.integrantes.errorId} className="ui-field-error" role="alert">
          {fields.integrantes.errors.join(". ")}
        </p>
      )}
      {!readOnly && rows.length < MAX_INTEGRANTES && (
        <div>
          <button
            {...form.insert.getButtonProps({ name: fields.integrantes.name, defaultValue: EMPTY_INTEGRANTE })}
            id={AGREGAR_ID}
            type="submit"
            className="ui-button ui-button--secondary"
          >
            Agregar integrante
          </button>
        </div>
      )}
    </Section>
  );
}

type Row = ReturnType<CapaFields["integrantes"]["getFieldList"]>[number];

/** One household member: 'Integrante N' with DNI + 'Buscar', name, age and 'Quitar'. */
function IntegranteRow({ row, i, form, fields, readOnly }: Props & { row: Row; i: number }) {
  const r = row.getFieldset();
  const n = i + 1;
  const buscarId = `${r.afi_dni_integrante.id}-buscar`;
  return (
    <fieldset className="capa-integrante">
      <legend>Integrante {n}</legend>
      <div className="capa-integrante-grid">
        <TextInput
          field={r.afi_dni_integrante}
          label="DNI"
          inputMode="numeric"
          maxLength={8}
          required
          onKeyDown={readOnly ? undefined : enterPresses(buscarId)}
        />
        {!readOnly && (
          <button
            id={buscarId}
            type="submit"
            name="intent"
            value={buscarIntegrante(i)}
            formNoValidate
            className="ui-button ui-button--secondary capa-buscar"
            aria-label={`Buscar integrante ${n}`}
          >
            Buscar
          </button>
        )}
        <TextInput field={r.afi_nombre_integrante} label="Apellido y Nombre" maxLength={120} />
        <TextInput field={r.afi_edad_integrante} label="Edad" type="number" min={0} max={130} inputMode="numeric" />
        {!readOnly && (
          <button
            {...form.remove.getButtonProps({ name: fields.integrantes.name, index: i })}
            type="submit"
            className="ui-button ui-button--danger capa-quitar"
            aria-label={`Quitar integrante ${n}`}
          >
            Quitar
          </button>
        )}
      </div>
    </fieldset>
  );
}
