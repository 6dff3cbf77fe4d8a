// A student card (spec §2, §4, §5): DNI Alumno + Validar (fills the name from the member registry; the name is not
// editable), Expediente, Horario, Escuela, Escuela Nivel, Observacion, Guardar (new: add) / Modificar (saved: modify),
// delete (saved) or cancel (new) and inactivate (active saved only), each with its confirmation. Inactive students
// are read-only and show 'Fecha de inactivación'. One conform form per card, with the schemas of the action and the
// API; every button works without JavaScript (a POST of the card, or a link to the confirmation step).
import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { checkFormWith, Chip, ReadOnlyContext, TextArea, TextInput } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { AgregarAlumnoSchema, MAX, ModificarAlumnoSchema, ValidarAlumnoSchema } from "~/modules/mae/mae.schema";
import { alumnoSoloLectura, guardarAlumnoCon, MAE_CONFIRM, puedeAlumno } from "~/modules/mae/rules";
import type { AlumnoValores, AlumnoVista } from "./types";

const INTENT_ALUMNO = {
  VALIDAR: "validar-alumno",
  AGREGAR: "agregar-alumno",
  MODIFICAR: "modificar-alumno",
  CANCELAR: "cancelar-alumno",
  MANTENER: "mantener-alumno",
} as const;

/** The card's form: the ficha's id, and the student (its id once saved). */
type AlumnoForm = {
  id_ficha: number;
  alumno: Omit<AlumnoValores, "observacion" | "version"> & { observacion?: string; id?: number; version?: number };
};

type Props = {
  /** 'nuevo', 'nuevo-N' or 'alumno-ID'. */
  card: string;
  /** The card's position (its heading 'Alumno N' for a new one). */
  n: number;
  fichaId: number;
  /** The saved student, or null for a new one. */
  alumno: AlumnoVista | null;
  valores: AlumnoValores;
  lastResult?: SubmissionResult<string[]> | null;
  /** The screen's path: every form posts there. */
  path: string;
  puedeRegistrar: boolean;
  /** Without JavaScript: the card asks whether to cancel the new student (a POSTed step). */
  confirmarCancelar?: boolean;
  /** With JavaScript: open the confirmation dialogs instead of following the links / posting the step. */
  onCancelar?: () => void;
  onEliminar?: () => void;
  onInactivar?: () => void;
  /** The confirmation step of this student (delete / inactivate, addressed by the URL), shown under its card. */
  confirmacion?: ReactNode;
};

export function AlumnoCard(p: Props) {
  const { card, alumno, valores, path } = p;
  const ref = alumno ?? {};
  const guardar = guardarAlumnoCon(ref);
  const soloLectura = alumnoSoloLectura(ref) || !p.puedeRegistrar;
  const [form, fields] = useAlumnoForm(p, guardar);
  const f = fields.alumno.getFieldset();
  const nombre = alumno ? alumno.apeynom : valores.apeynom || "Nuevo alumno";
  const titulo = alumno ? `Alumno ${nombre}` : `Nuevo alumno ${p.n}`;
  const headingId = `${form.id}-titulo`;

  return (
    <li className={["mae-alumno", alumno && !alumno.estado ? "mae-alumno--inactivo" : null].filter(Boolean).join(" ")}>
      <Form method="post" action={path} id={form.id} onSubmit={form.onSubmit} noValidate aria-labelledby={headingId}>
        <div className="mae-alumno-cabecera">
          <h4 id={headingId} className="mae-alumno-titulo">
            {titulo}
          </h4>
          {alumno ? (
            <Chip label={alumno.estado ? "Activo" : "Inactivo"} tone={alumno.estado ? "success" : "neutral"} />
          ) : null}
        </div>
        <input type="hidden" name="card" value={card} />
        <input type="hidden" name={fields.id_ficha.name} value={p.fichaId} />
        {alumno ? <input type="hidden" name={f.id.name} value={alumno.id} /> : null}
        {/* The version read (or the one a refused save sent): a student saved meanwhile is refused (ADR 047). */}
        {alumno ? <input type="hidden" name={f.version.name} value={valores.version ?? alumno.version} /> : null}
        {form.errors ? (
          <p id={form.errorId} className="ui-field-error" role="alert">
            {form.errors.join(". ")}
          </p>
        ) : null}
        {alumno && !alumno.estado ? (
          <p className="mae-inactivacion">
            Fecha de inactivación: <strong>{formatDateAR(alumno.fecha_inactivacion)}</strong>
          </p>
        ) : null}
        <AlumnoCampos f={f} titulo={titulo} soloLectura={soloLectura} />
        {p.confirmarCancelar && !alumno ? <CancelarEnLinea formId={form.id} path={path} /> : null}
        {!soloLectura ? <AlumnoAcciones p={p} guardar={guardar} titulo={titulo} /> : null}
      </Form>
      {p.confirmacion}
    </li>
  );
}

/** The card's conform form; the check follows the pressed button (Cancelar nothing, Validar the DNI alone). */
function useAlumnoForm(p: Props, guardar: ReturnType<typeof guardarAlumnoCon>) {
  const { card, alumno, valores } = p;
  const saveSchema = guardar === "modificar" ? ModificarAlumnoSchema : AgregarAlumnoSchema;
  return useForm<AlumnoForm>({
    id: `alumno-${card}`,
    lastResult: p.lastResult ?? undefined,
    defaultValue: { id_ficha: String(p.fichaId), alumno: { ...valores, id: alumno ? String(alumno.id) : undefined } },
    onValidate({ formData, submitter }) {
      const intent = submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
      // Cancelling a new card (the step without JavaScript) checks nothing; Validar checks the DNI alone.
      const schema =
        intent === INTENT_ALUMNO.CANCELAR || intent === INTENT_ALUMNO.MANTENER
          ? ValidarAlumnoSchema.partial()
          : intent === INTENT_ALUMNO.VALIDAR
            ? ValidarAlumnoSchema
            : saveSchema;
      return checkFormWith(formData, schema, AgregarAlumnoSchema);
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}

type AlumnoFields = ReturnType<ReturnType<typeof useAlumnoForm>[1]["alumno"]["getFieldset"]>;

/** The student's fields; read-only (inactive student, or a user who may not register) without asterisks or hints. */
function AlumnoCampos({ f, titulo, soloLectura }: { f: AlumnoFields; titulo: string; soloLectura: boolean }) {
  return (
    <ReadOnlyContext.Provider value={soloLectura}>
      <fieldset className="mae-alumno-campos" disabled={soloLectura}>
        <legend className="ui-sr-only">Datos de {titulo}</legend>
        <div className="mae-grid">
          <div className="mae-dni">
            <TextInput field={f.dni} label="DNI Alumno" maxLength={8} required />
            {!soloLectura ? (
              <button
                type="submit"
                name="intent"
                value={INTENT_ALUMNO.VALIDAR}
                formNoValidate
                className="ui-button ui-button--secondary mae-buscar"
              >
                Validar
              </button>
            ) : null}
          </div>
          <TextInput
            field={f.apeynom}
            label="Apellido y Nombre"
            required
            readOnly
            maxLength={MAX.apeynom}
            hint="Se completa con Validar"
            className="mae-ancho"
          />
          <TextInput field={f.expediente} label="Expediente" maxLength={MAX.expediente} required />
          <TextInput field={f.horario} label="Horario" maxLength={MAX.horario} required />
          <TextInput field={f.escuela} label="Escuela" maxLength={MAX.escuela} required />
          <TextInput field={f.escuela_nivel} label="Escuela Nivel" maxLength={MAX.escuela_nivel} required />
          <TextArea
            field={f.observacion}
            label="Observacion"
            rows={2}
            maxLength={MAX.observacion}
            className="mae-ancho"
          />
        </div>
      </fieldset>
    </ReadOnlyContext.Provider>
  );
}

/** Without JavaScript: 'cancel the new student?' as a step of the card (Mantener posts, the link cancels). */
function CancelarEnLinea({ formId, path }: { formId: string; path: string }) {
  return (
    <section className="mae-confirmacion-inline" role="alertdialog" aria-labelledby={`${formId}-cancelar`}>
      <p id={`${formId}-cancelar`} className="mae-confirmacion-titulo">
        {MAE_CONFIRM.CANCELAR_ALUMNO.title}
      </p>
      <div className="mae-acciones">
        <button
          type="submit"
          name="intent"
          value={INTENT_ALUMNO.MANTENER}
          formNoValidate
          className="ui-button ui-button--secondary"
        >
          {MAE_CONFIRM.CANCELAR_ALUMNO.cancelLabel}
        </button>
        <Link to={path} className="ui-button ui-button--danger">
          {MAE_CONFIRM.CANCELAR_ALUMNO.confirmLabel}
        </Link>
      </div>
    </section>
  );
}

/** Guardar / Modificar, and Cancelar (new), Eliminar and Inactivar (saved) as the student's state allows. */
function AlumnoAcciones({
  p,
  guardar,
  titulo,
}: {
  p: Props;
  guardar: ReturnType<typeof guardarAlumnoCon>;
  titulo: string;
}) {
  const { alumno, path, card } = p;
  const intercept = (open?: () => void) => (e: MouseEvent<HTMLElement>) => {
    if (!open) return;
    e.preventDefault();
    open();
  };
  const confirmHref = (tipo: string) => `${path}?confirmar=${tipo}&alumno=${alumno?.id ?? ""}#${card}-confirmar`;
  return (
    <div className="mae-acciones">
      {guardar === "agregar" ? (
        <button type="submit" name="intent" value={INTENT_ALUMNO.AGREGAR} className="ui-button ui-button--primary">
          Guardar
        </button>
      ) : (
        <button type="submit" name="intent" value={INTENT_ALUMNO.MODIFICAR} className="ui-button ui-button--primary">
          Modificar
        </button>
      )}
      {!alumno ? (
        <button
          type="submit"
          name="intent"
          value={INTENT_ALUMNO.CANCELAR}
          formNoValidate
          className="ui-button ui-button--secondary"
          aria-label={`Cancelar ${titulo}`}
          onClick={intercept(p.onCancelar)}
        >
          Cancelar
        </button>
      ) : null}
      {alumno && puedeAlumno(alumno, "eliminar") ? (
        <Link
          to={confirmHref("eliminar-alumno")}
          className="ui-button ui-button--danger"
          aria-label={`Eliminar ${titulo}`}
          onClick={intercept(p.onEliminar)}
          preventScrollReset
        >
          Eliminar
        </Link>
      ) : null}
      {alumno && puedeAlumno(alumno, "inactivar") ? (
        <Link
          to={confirmHref("inactivar-alumno")}
          className="ui-button ui-button--secondary"
          aria-label={`Inactivar ${titulo}`}
          onClick={intercept(p.onInactivar)}
          preventScrollReset
        >
          Inactivar
        </Link>
      ) : null}
    </div>
  );
}
