// The parts of the assignment dialog's form (AsignarTurnoDialog): the hidden slot and search fields, 'DNI' with
// 'Buscar', 'Apellido y Nombre', the Cancelar / (Confirmar llegada) / Guardar row, and after a refusal at save the other
// free slots.
import { Link } from "@remix-run/react";
import { useRef, type KeyboardEvent } from "react";
import { Alert, Field, type AnyField } from "~/components/ui";
import { MAX_APEYNOM } from "~/modules/turnos/turnos.schema";
import { MOTIVO_MSG, type MotivoRechazo } from "~/modules/turnos/motivo-rechazo";
import type { Turno } from "~/modules/turnos/rules";

/** The slot and the member search the save is about (hidden). */
export function CamposOcultos({
  turno,
  valores,
  encontrado,
}: {
  turno: Turno;
  valores: { dni_buscado: string; id_afiliado: number | null; version?: string };
  encontrado: boolean;
}) {
  const editando = turno.id != null && turno.estado_turno === "ASIGNADO";
  return (
    <>
      {/* Editing an ASIGNADO turno names its row; a free or CANCELADO slot is taken by type, date, time and puesto
          (so a CANCELADO slot someone else reassigned meanwhile is a 409, not an edit of their turno). */}
      {editando ? <input type="hidden" name="id" value={turno.id ?? ""} /> : null}
      {/* The version read: an edit of a turno written meanwhile (a status change, another edit) is refused. */}
      {editando && valores.version ? <input type="hidden" name="version" value={valores.version} /> : null}
      <input type="hidden" name="fecha_turno" value={turno.fecha_turno} />
      <input type="hidden" name="hora_turno" value={turno.hora_turno.slice(0, 5)} />
      <input type="hidden" name="puesto" value={turno.puesto} />
      <input type="hidden" name="dni_buscado" value={valores.dni_buscado} />
      {encontrado ? <input type="hidden" name="id_afiliado" value={valores.id_afiliado ?? ""} /> : null}
    </>
  );
}

/** 'DNI' with 'Buscar'; Enter in the box presses 'Buscar'. */
export function DniConBuscar({
  intent,
  field,
  defaultValue,
  onDni,
  enviando,
  buscando,
}: {
  /** The value of 'Buscar' (its intent). */
  intent: string;
  field: AnyField;
  defaultValue: string;
  onDni: (dni: string) => void;
  enviando: boolean;
  buscando: boolean;
}) {
  const buscar = useRef<HTMLButtonElement>(null);
  const onDniKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const button = buscar.current;
    if (button?.form && !button.disabled) button.form.requestSubmit(button);
  };
  return (
    <div className="turno-dni">
      <Field label="DNI" name="dni_afiliado" id={field.id} errorId={field.errorId} error={field.errors} required>
        <input
          className="ui-input"
          type="text"
          inputMode="numeric"
          maxLength={20}
          autoComplete="off"
          defaultValue={defaultValue}
          onChange={(e) => onDni(e.currentTarget.value)}
          onKeyDown={onDniKeyDown}
        />
      </Field>
      <button
        ref={buscar}
        type="submit"
        name="intent"
        value={intent}
        formNoValidate
        className="ui-button ui-button--secondary"
        disabled={enviando}
      >
        {enviando && buscando ? "Buscando..." : "Buscar"}
      </button>
    </div>
  );
}

/**
 * 'Apellido y Nombre': read-only, filled by the search, for the types that need a found member (a DNI changed after
 * the search empties it); typed (and required) for AFILIACIONES.
 */
export function NombreAfiliado({
  field,
  conAfiliado,
  valor,
  defaultValue,
}: {
  field: AnyField;
  conAfiliado: boolean;
  valor: string;
  defaultValue: string;
}) {
  return (
    <Field
      label="Apellido y Nombre"
      name="apeynom_afiliado"
      id={field.id}
      errorId={field.errorId}
      error={field.errors}
      hint={conAfiliado ? "Se completa al buscar el afiliado" : undefined}
      required={!conAfiliado}
    >
      {conAfiliado ? (
        <input className="ui-input" type="text" readOnly value={valor} />
      ) : (
        <input
          className="ui-input"
          type="text"
          maxLength={MAX_APEYNOM}
          autoComplete="off"
          defaultValue={defaultValue}
        />
      )}
    </Field>
  );
}

/**
 * Cancelar (back to the agenda: the dialog's one close control without JavaScript), 'Confirmar llegada' (the turno's
 * status dialog, when offered) and Guardar (disabled while sending, or with no slot to save into).
 */
export function AccionesAsignacion({
  intent,
  closeHref,
  enviando,
  guardando,
  sinTurno = false,
  confirmarHref,
}: {
  /** The value of 'Guardar' (its intent). */
  intent: string;
  closeHref: string;
  enviando: boolean;
  guardando: boolean;
  sinTurno?: boolean;
  confirmarHref?: string | null;
}) {
  return (
    <div className="turno-dialog-actions">
      <Link className="ui-button ui-button--secondary" to={closeHref} preventScrollReset replace>
        Cancelar
      </Link>
      {confirmarHref ? (
        <Link className="ui-button ui-button--secondary" to={confirmarHref} preventScrollReset replace>
          Confirmar llegada
        </Link>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="ui-button ui-button--primary"
        disabled={enviando || sinTurno}
      >
        {guardando ? "Guardando..." : "Guardar"}
      </button>
    </div>
  );
}

/** After a refusal at save: the slot refused ('HH:MM|puesto'), why, and the day's other free slots. */
export type OtroTurno = {
  rechazado: string;
  motivo: MotivoRechazo;
  libres: { valor: string; etiqueta: string }[];
  /** The slot offered (the next free one after the refused), or the one the clerk chose. */
  elegido: string;
};

/**
 * The refused dialog's part (issue 28, ADR 051): why the slot is gone, stated once and kept (not a message that
 * hides), and 'Turno libre', the day's other free slots to save what was typed into. The refusal travels back with
 * the form (hidden), so a lookup or a new refusal keeps the dialog.
 */
export function OtroTurnoLibre({ otro, error }: { otro: OtroTurno; error?: string[] }) {
  const hay = otro.libres.length > 0;
  return (
    <>
      <input type="hidden" name="rechazado" value={otro.rechazado} />
      <input type="hidden" name="motivo" value={otro.motivo} />
      <Alert severity="error" title={MOTIVO_MSG[otro.motivo]}>
        {hay
          ? "Elija otro turno libre: los datos ingresados se conservan."
          : "No quedan turnos libres en este día: los datos ingresados se conservan, elija otra fecha."}
      </Alert>
      {hay ? (
        <Field label="Turno libre" name="turno_libre" error={error} required>
          <select className="ui-input" defaultValue={otro.elegido} required>
            {otro.libres.map((l) => (
              <option key={l.valor} value={l.valor}>
                {l.etiqueta}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
    </>
  );
}
