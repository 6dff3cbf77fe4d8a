// The MAE ficha form (spec §2, §5): school year (disabled once a record is selected), DNI (read-only when editing;
// in a new ficha, the ficha of that DNI and year is fetched once the typed DNI exceeds 7 characters — without
// JavaScript the 'Buscar' button does it), Apellido y Nombre, Título MAE; Guardar MAE / Modificar MAE / Eliminar MAE /
// Agregar otra MAE / Volver. One conform form with FichaMaeSchema, the schema of the action and of the API.
import { getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { checkFormWith, Field, TextInput, useHydrated } from "~/components/ui";
import { BuscarFichaSchema, FichaMaeSchema, MAX } from "~/modules/mae/mae.schema";
import {
  anioBloqueado,
  ANIOS_LECTIVOS,
  botonesFicha,
  debeBuscarFichaPorDni,
  dniBloqueado,
  docenteAfiliado,
  MAE_MSG,
  type ModoFicha,
} from "~/modules/mae/rules";
import { MigracionAlumnos } from "./MigracionAlumnos";
import type { FichaValores, Migracion, RegMaeData } from "./types";

const BUSCAR = "buscar";

/** What the form says when the fetch by DNI and year finds no ficha. */
export const sinFicha = (anio: string) =>
  `No hay una ficha MAE de ese DNI para ${anio}: complete los datos para crearla.`;

type Props = {
  formId: string;
  modo: ModoFicha;
  /** Where the form posts: the current route when undefined (an index route's action needs Remix's ?index). */
  action?: string;
  valores: FichaValores;
  lastResult?: SubmissionResult<string[]>;
  puedeGuardar: boolean;
  puedeEliminar: boolean;
  /** The URL of the delete confirmation step (without JavaScript); with JavaScript `onEliminar` opens the dialog. */
  eliminarHref: string;
  onEliminar?: () => void;
  /** 'Buscar' without JavaScript found no ficha: the sentence shown under the DNI. */
  notFoundText?: string | null;
  /** Read-only after a save (spec §4): where 'Modificar' opens the ficha for editing (ADR 055); null: no ficha. */
  modificarHref?: string | null;
  /** The name shown is the padrón's for the DNI of `valores` (a member teacher): read-only (ADR 055). */
  nombrePadron: boolean;
  /** The migration URL: the origin's active students, each kept or left (ADR 055). */
  migracion: Migracion | null;
};

export function FichaMaeForm(p: Props) {
  const { modo, action, lastResult, valores } = p;
  const { form, fields, buscar, noEncontrada, afiliado } = useFichaMaeForm(p.formId, modo, valores, lastResult);
  const dniActual = String(form.value?.dni ?? valores.dni).trim();
  const anioActual = String(form.value?.anio_lectivo ?? valores.anio_lectivo);
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  return (
    <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate className="mae-ficha">
      {/* The version read, sent back by 'Modificar MAE': a ficha saved meanwhile is refused (ADR 047). */}
      {modo === "edicion" ? <input key={versionKey} {...versionProps} /> : null}
      {form.errors ? (
        <p id={form.errorId} className="ui-field-error" role="alert">
          {form.errors.join(". ")}
        </p>
      ) : null}
      {modo === "lectura" && p.modificarHref ? (
        <p className="mae-nota mae-solo-lectura" role="note">
          {MAE_MSG.FICHA_SOLO_LECTURA}
        </p>
      ) : null}
      <FichaMaeCampos
        p={p}
        fields={fields}
        anioActual={anioActual}
        dniActual={dniActual}
        buscar={buscar}
        notFound={noEncontrada || p.notFoundText ? (p.notFoundText ?? null) : undefined}
        nombrePadron={(p.nombrePadron && dniActual === valores.dni.trim()) || afiliado === dniActual}
      />
      {modo === "nuevo" && p.migracion ? (
        <MigracionAlumnos m={p.migracion} anio={anioActual} lastResult={lastResult} />
      ) : null}
      <FichaMaeAcciones p={p} onAgregarOtra={() => form.reset()} />
    </Form>
  );
}

/**
 * The ficha's conform form and its fetch (spec §5): a ficha of that DNI and year opens (the loader redirects to it);
 * none → the DNI stays and the name and title are cleared (those the user has not retyped while the lookup ran).
 */
function useFichaMaeForm(
  formId: string,
  modo: ModoFicha,
  valores: FichaValores,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const lookup = useFetcher<RegMaeData>();
  const asked = useRef<{ dni: string; apeynom: string; titulo_mae: string } | null>(null);
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: valores,
    onValidate({ formData, submitter }) {
      const buscar = submitter?.getAttribute("name") === "intent" && submitter.getAttribute("value") === BUSCAR;
      return checkFormWith(formData, buscar ? BuscarFichaSchema : FichaMaeSchema, FichaMaeSchema);
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const buscar = (dni: string, anio: string) => {
    if (modo !== "nuevo" || !debeBuscarFichaPorDni(dni) || !/^\d{7,8}$/.test(dni.trim())) return;
    asked.current = {
      dni: dni.trim(),
      apeynom: String(form.value?.apeynom ?? ""),
      titulo_mae: String(form.value?.titulo_mae ?? ""),
    };
    const q = new URLSearchParams({ buscar: "1", dni: dni.trim(), anio_lectivo: anio });
    lookup.load(`/regmae?index&${q}`);
  };
  const found = lookup.data?.buscado;
  const noEncontrada = Boolean(
    found && !found.error && lookup.state === "idle" && found.dni === String(form.value?.dni ?? "").trim(),
  );
  useEffect(() => {
    const before = asked.current;
    if (!found || !before || found.dni !== before.dni) return;
    // A member's DNI: the registry's name, whatever was typed (the server decides, ADR 055).
    if (found.afiliado) form.update({ name: fields.apeynom.name, value: found.afiliado });
    else if (String(form.value?.apeynom ?? "") === before.apeynom)
      form.update({ name: fields.apeynom.name, value: "" });
    if (String(form.value?.titulo_mae ?? "") === before.titulo_mae)
      form.update({ name: fields.titulo_mae.name, value: "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer of the lookup clears the fields
  }, [found]);
  /** The DNI the lookup found to be a member's (its name is the registry's), or null. */
  const afiliado = noEncontrada && found?.afiliado ? found.dni : null;
  return { form, fields, buscar, noEncontrada, afiliado };
}

type FichaFields = ReturnType<typeof useFichaMaeForm>["fields"];

/** The ficha's fields: read-only after a save (spec §4), and for a user who may not save fichas (operation 22). */
function FichaMaeCampos({
  p,
  fields,
  anioActual,
  dniActual,
  buscar,
  notFound,
  nombrePadron,
}: {
  p: Props;
  fields: FichaFields;
  anioActual: string;
  dniActual: string;
  buscar: (dni: string, anio: string) => void;
  /** undefined: nothing to say; null: the fetch found no ficha; a text: 'Buscar' without JavaScript found none. */
  notFound: string | null | undefined;
  /** The name is the padrón's (a member's DNI): read-only. */
  nombrePadron: boolean;
}) {
  const { modo, valores } = p;
  const lectura = modo === "lectura";
  return (
    <fieldset className="mae-ficha-campos" disabled={lectura || !p.puedeGuardar}>
      <legend className="ui-sr-only">Ficha MAE</legend>
      <div className="mae-grid">
        <AnioLectivo field={fields.anio_lectivo} disabled={anioBloqueado(modo)} onAnio={(a) => buscar(dniActual, a)} />
        {/* A disabled select is not submitted: the year of the ficha being modified travels hidden. */}
        {modo === "edicion" ? (
          <input type="hidden" name={fields.anio_lectivo.name} value={valores.anio_lectivo} />
        ) : null}
        <div className="mae-dni">
          <TextInput
            field={fields.dni}
            label="DNI"
            required={!lectura}
            inputMode="numeric"
            maxLength={8}
            readOnly={dniBloqueado(modo)}
            onChange={(e) => buscar(e.currentTarget.value, anioActual)}
          />
          {modo === "nuevo" ? (
            <button
              type="submit"
              name="intent"
              value={BUSCAR}
              formMethod="get"
              formAction="/regmae"
              formNoValidate
              className="ui-button ui-button--secondary mae-buscar"
            >
              Buscar
            </button>
          ) : null}
        </div>
        {notFound !== undefined ? (
          <p className="mae-nota mae-ancho" role="status">
            {notFound ?? (nombrePadron ? docenteAfiliado(anioActual) : sinFicha(anioActual))}
          </p>
        ) : null}
        <TextInput
          field={fields.apeynom}
          label="Apellido y Nombre"
          required={!lectura}
          readOnly={nombrePadron && !lectura}
          hint={nombrePadron && !lectura ? "Nombre del padrón de afiliados" : undefined}
          maxLength={MAX.apeynom}
          className="mae-ancho"
        />
        <TextInput
          field={fields.titulo_mae}
          label="Título MAE"
          required={!lectura}
          maxLength={MAX.titulo_mae}
          className="mae-ancho"
        />
      </div>
    </fieldset>
  );
}

/** 'Año Lectivo': disabled once a record is selected; a change fetches the ficha of the DNI typed for that year. */
function AnioLectivo({
  field,
  disabled,
  onAnio,
}: {
  field: FichaFields["anio_lectivo"];
  disabled: boolean;
  onAnio: (anio: string) => void;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <Field label="Año Lectivo" name={field.name} id={field.id} errorId={field.errorId} error={field.errors}>
      <select
        key={key}
        {...props}
        className="ui-input"
        disabled={disabled}
        onChange={(e) => onAnio(e.currentTarget.value)}
      >
        {ANIOS_LECTIVOS.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Guardar MAE / Modificar MAE / Eliminar MAE / Agregar otra MAE as the mode allows, and Volver. */
function FichaMaeAcciones({ p, onAgregarOtra }: { p: Props; onAgregarOtra: () => void }) {
  const { modo, puedeGuardar, puedeEliminar, onEliminar } = p;
  const hydrated = useHydrated();
  const botones = botonesFicha(modo);
  const onEliminarClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onEliminar) return;
    e.preventDefault();
    onEliminar();
  };
  return (
    <div className="mae-acciones">
      {botones.guardar && puedeGuardar ? (
        <button type="submit" name="intent" value="guardar" className="ui-button ui-button--primary">
          Guardar MAE
        </button>
      ) : null}
      {botones.modificar && puedeGuardar ? (
        <button type="submit" name="intent" value="modificar" className="ui-button ui-button--primary">
          Modificar MAE
        </button>
      ) : null}
      {modo === "lectura" && p.modificarHref && puedeGuardar ? (
        <Link to={p.modificarHref} className="ui-button ui-button--primary">
          Modificar
        </Link>
      ) : null}
      {botones.eliminar && puedeEliminar ? (
        <Link
          to={p.eliminarHref}
          className="ui-button ui-button--danger"
          onClick={hydrated ? onEliminarClick : undefined}
          preventScrollReset
        >
          Eliminar MAE
        </Link>
      ) : null}
      {botones.agregarOtra ? (
        <Link
          to="/regmae"
          className="ui-button ui-button--secondary"
          onClick={hydrated && modo === "nuevo" ? onAgregarOtra : undefined}
        >
          Agregar otra MAE
        </Link>
      ) : null}
      <Link to="/listado-mae" className="ui-button ui-button--secondary">
        Volver
      </Link>
    </div>
  );
}
