// The assignment dialog of 'Asignacion de Turnos' (spec part 2 §2, §4, §5; operation 20): DNI with 'Buscar', the
// member's name, the observation and the procedure type, for a free slot, an ASIGNADO one (prefilled: editing) or a
// CANCELADO one being reassigned (empty). One conform form over asignarTurnoSchema (the action and PUT /api/turnos
// parse with it too). 'Buscar' posts intent 'buscar' (works without JavaScript): the action looks the member up and
// answers the form's values with the member's name and id. Other types than AFILIACIONES need a found member ('Debe
// buscar un afiliado'): the name is read-only and a DNI changed after the search drops the member. For AFILIACIONES
// the name is editable and DNI and name are both required ('Dni y Nombre son obligatorios').
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "~/lib/zod";
import { Alert, checkFormWith, Field, UrlDialog, useAutoHide } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import {
  asignarTurnoSchema,
  buscarDniSchema,
  INTENT_ASIGNAR,
  INTENT_BUSCAR,
  MAX_OBSERVACION,
} from "~/modules/turnos/turnos.schema";
import {
  AccionesAsignacion,
  CamposOcultos,
  DniConBuscar,
  NombreAfiliado,
  OtroTurnoLibre,
  type OtroTurno,
} from "./AsignacionCampos";
import { MENSAJE_TURNO_MS, nroTurnoTexto, requiereAfiliado, type Turno } from "~/modules/turnos/rules";
import type { AsignacionValores, MensajeAsignacion } from "./types";

const VALORES_VACIOS: AsignacionValores = {
  dni_afiliado: "",
  apeynom_afiliado: "",
  id_afiliado: null,
  observacion: "",
  dni_buscado: "",
};

/** The dialog's starting values for a slot: an ASIGNADO turno is edited, a free or CANCELADO one starts empty. */
export function valoresDelTurno(t: Turno): AsignacionValores {
  if (t.estado_turno !== "ASIGNADO") return VALORES_VACIOS;
  return {
    dni_afiliado: t.dni_afiliado,
    apeynom_afiliado: t.apeynom_afiliado,
    id_afiliado: t.id_afiliado,
    observacion: t.observacion ?? "",
    dni_buscado: t.id_afiliado != null ? t.dni_afiliado : "",
    version: t.version != null ? String(t.version) : undefined,
  };
}

/** A failed member search's message hides after this (spec §8: 5000 ms); the save's messages after MENSAJE_TURNO_MS. */
const MENSAJE_BUSQUEDA_MS = 5_000;

export type AsignarTurnoDialogProps = {
  turno: Turno;
  valores: AsignacionValores;
  /** Changes when the values come from a new lookup: the form starts again from them. */
  formKey: string;
  lastResult?: SubmissionResult<string[]>;
  mensaje: MensajeAsignacion | null;
  /** The action's answer object (a fresh one shows the same message again). */
  mensajeKey: unknown;
  formAction: string;
  closeHref: string;
  /** After a refusal at save (the slot is gone): why, and the day's other free slots (issue 28). */
  otro?: OtroTurno;
  /** 'Modificar turno': the turno's status dialog, when the user may confirm the arrival (issue 39, ADR 076). */
  confirmarHref?: string | null;
};

function tituloAsignacion(t: Turno): string {
  return t.estado_turno === "ASIGNADO" ? "Modificar turno" : "Asignar turno";
}

export function AsignarTurnoDialog(props: AsignarTurnoDialogProps) {
  const { turno } = props;
  const slot = `Turno ${nroTurnoTexto(turno.nro_turno)} · ${formatDateAR(turno.fecha_turno)} ${turno.hora_turno.slice(0, 5)} · Puesto ${turno.puesto}`;
  return (
    <UrlDialog
      id="turno-asignar-titulo"
      title={tituloAsignacion(turno)}
      closeHref={props.closeHref}
      size="medium"
      className="turno-asignar"
      ownClose
    >
      <p className="turno-slot">{slot}</p>
      <AsignacionForm key={props.formKey} {...props} />
    </UrlDialog>
  );
}

/**
 * Opening the dialog puts the focus in the DNI box (issue 28): this effect runs before the dialog's own (which then
 * finds the focus inside and leaves it). The form's ref.
 */
function useFocoEnDni(dniId: string) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!formRef.current?.contains(document.activeElement)) document.getElementById(dniId)?.focus();
  }, [dniId]);
  return formRef;
}

type CamposForm = ReturnType<typeof useForm<z.input<typeof asignarTurnoSchema>>>[1];

/** The observation and the (read-only) procedure type. */
function ObservacionYTipo(props: { fields: CamposForm; observacion: string; tipo_tramite: string }) {
  const { fields } = props;
  return (
    <>
      <Field
        label="Observación"
        name="observacion"
        id={fields.observacion.id}
        errorId={fields.observacion.errorId}
        error={fields.observacion.errors}
      >
        <textarea className="ui-input" rows={2} maxLength={MAX_OBSERVACION} defaultValue={props.observacion} />
      </Field>
      <Field label="Tipo de trámite" name="tipo_tramite" error={fields.tipo_tramite.errors}>
        <input className="ui-input" type="text" readOnly value={props.tipo_tramite} />
      </Field>
    </>
  );
}

/** A POST of the page being sent, and its intent ('buscar' or 'asignar'). */
function useEnvio() {
  const navigation = useNavigation();
  const enviando = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return { enviando, intent: enviando ? navigation.formData?.get("intent") : null };
}

function AsignacionForm({
  turno,
  valores,
  formKey,
  lastResult,
  mensaje,
  mensajeKey,
  formAction,
  closeHref,
  otro,
  confirmarHref,
}: AsignarTurnoDialogProps) {
  const conAfiliado = requiereAfiliado(turno.tipo_tramite);
  const [dni, setDni] = useState(valores.dni_afiliado);
  const shown = useAutoHide(
    mensaje?.msg ?? null,
    mensaje?.busqueda ? MENSAJE_BUSQUEDA_MS : MENSAJE_TURNO_MS,
    mensajeKey,
  );
  const [form, fields] = useForm({
    id: `turno-asignar-${formKey}`,
    lastResult,
    onValidate({ formData, submitter }) {
      const esBuscar =
        submitter?.getAttribute("name") === "intent" && submitter.getAttribute("value") === INTENT_BUSCAR;
      return checkFormWith(formData, esBuscar ? buscarDniSchema : asignarTurnoSchema, asignarTurnoSchema);
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  const formRef = useFocoEnDni(fields.dni_afiliado.id);
  // The member found for the DNI in the box (a changed DNI needs a new search).
  const encontrado = valores.id_afiliado != null && dni.trim() === valores.dni_buscado;
  const { enviando, intent } = useEnvio();

  return (
    <Form
      ref={formRef}
      method="post"
      action={formAction}
      preventScrollReset
      {...getFormProps(form)}
      className="turno-asignar-form"
    >
      {/* The form's default button, disabled: Enter in a field submits nothing (Enter in the DNI box presses
          'Buscar'); the user presses 'Buscar' or 'Guardar'. */}
      <button type="submit" disabled tabIndex={-1} aria-hidden="true" className="sr-only" />
      <CamposOcultos turno={turno} valores={valores} encontrado={encontrado} />
      {otro ? <OtroTurnoLibre otro={otro} error={fields.hora_turno.errors} /> : null}
      {shown ? <Alert severity={mensaje?.severity ?? "error"}>{shown}</Alert> : null}
      {form.errors?.length ? (
        <p id={form.errorId} className="ui-field-error" role="alert">
          {form.errors.join(". ")}
        </p>
      ) : null}
      <DniConBuscar
        intent={INTENT_BUSCAR}
        field={fields.dni_afiliado}
        defaultValue={valores.dni_afiliado}
        onDni={setDni}
        enviando={enviando}
        buscando={intent === INTENT_BUSCAR}
      />
      <NombreAfiliado
        field={fields.apeynom_afiliado}
        conAfiliado={conAfiliado}
        valor={encontrado ? valores.apeynom_afiliado : ""}
        defaultValue={valores.apeynom_afiliado}
      />
      <ObservacionYTipo fields={fields} observacion={valores.observacion} tipo_tramite={turno.tipo_tramite} />
      <AccionesAsignacion
        intent={INTENT_ASIGNAR}
        closeHref={closeHref}
        guardando={enviando && intent === INTENT_ASIGNAR}
        enviando={enviando}
        sinTurno={otro != null && otro.libres.length === 0}
        confirmarHref={confirmarHref}
      />
    </Form>
  );
}
