// The MAE ficha form (spec §2, §5): school year (disabled once a record is selected), DNI (read-only when editing;
// in a new ficha, the ficha of that DNI and year is fetched once the typed DNI exceeds 7 characters — without
// JavaScript the 'Buscar' button does it), Apellido y Nombre, Título MAE; Guardar MAE / Modificar MAE / Eliminar MAE /
// Agregar otra MAE / Volver. One conform form with FichaMaeSchema, the schema of the action and of the API.
import { getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { checkFormWith, Field, useHydrated } from "~/components/ui";
import { BuscarFichaSchema, FichaMaeSchema, MAX } from "~/modules/mae/mae.schema";
import {
  anioBloqueado,
  ANIOS_LECTIVOS,
  botonesFicha,
  debeBuscarFichaPorDni,
  dniBloqueado,
  type ModoFicha,
} from "~/modules/mae/rules";
import type { FichaValores, RegMaeData } from "./types";

export const BUSCAR = "buscar";

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
};

export function FichaMaeForm({
  formId,
  modo,
  action,
  valores,
  lastResult,
  puedeGuardar,
  puedeEliminar,
  eliminarHref,
  onEliminar,
  notFoundText = null,
}: Props) {
  const hydrated = useHydrated();
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
  const botones = botonesFicha(modo);
  const lectura = modo === "lectura";

  // The form's fetch (spec §5): a ficha of that DNI and year opens (the loader redirects to it); none → the DNI
  // stays and the name and title are cleared (those the user has not retyped while the lookup ran).
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
    if (String(form.value?.apeynom ?? "") === before.apeynom) form.update({ name: fields.apeynom.name, value: "" });
    if (String(form.value?.titulo_mae ?? "") === before.titulo_mae)
      form.update({ name: fields.titulo_mae.name, value: "" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer of the lookup clears the fields
  }, [found]);

  const { key: anioKey, ...anioProps } = getSelectProps(fields.anio_lectivo);
  const { key: dniKey, ...dniProps } = getInputProps(fields.dni, { type: "text" });
  const { key: nombreKey, ...nombreProps } = getInputProps(fields.apeynom, { type: "text" });
  const { key: tituloKey, ...tituloProps } = getInputProps(fields.titulo_mae, { type: "text" });
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });

  const onEliminarClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onEliminar) return;
    e.preventDefault();
    onEliminar();
  };

  return (
    <Form method="post" action={action} id={form.id} onSubmit={form.onSubmit} noValidate className="mae-ficha">
      {/* The version read, sent back by 'Modificar MAE': a ficha saved meanwhile is refused (ADR 047). */}
      {modo === "edicion" ? <input key={versionKey} {...versionProps} /> : null}
      {form.errors ? (
        <p id={form.errorId} className="ui-field-error" role="alert">
          {form.errors.join(". ")}
        </p>
      ) : null}
      {/* Read-only after a save (spec §4), and for a user who may not save fichas (operation 22). */}
      <fieldset className="mae-ficha-campos" disabled={lectura || !puedeGuardar}>
        <legend className="ui-sr-only">Ficha MAE</legend>
        <div className="mae-grid">
          <Field
            label="Año Lectivo"
            name={fields.anio_lectivo.name}
            id={fields.anio_lectivo.id}
            errorId={fields.anio_lectivo.errorId}
            error={fields.anio_lectivo.errors}
          >
            <select
              key={anioKey}
              {...anioProps}
              className="ui-input"
              disabled={anioBloqueado(modo)}
              onChange={(e) => buscar(String(form.value?.dni ?? ""), e.currentTarget.value)}
            >
              {ANIOS_LECTIVOS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </Field>
          {/* A disabled select is not submitted: the year of the ficha being modified travels hidden. */}
          {modo === "edicion" ? (
            <input type="hidden" name={fields.anio_lectivo.name} value={valores.anio_lectivo} />
          ) : null}
          <div className="mae-dni">
            <Field
              label="DNI"
              name={fields.dni.name}
              id={fields.dni.id}
              errorId={fields.dni.errorId}
              error={fields.dni.errors}
              required={!lectura}
            >
              <input
                key={dniKey}
                {...dniProps}
                className="ui-input"
                inputMode="numeric"
                maxLength={8}
                autoComplete="off"
                readOnly={dniBloqueado(modo)}
                onChange={(e) =>
                  buscar(e.currentTarget.value, String(form.value?.anio_lectivo ?? valores.anio_lectivo))
                }
              />
            </Field>
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
          {noEncontrada || notFoundText ? (
            <p className="mae-nota mae-ancho" role="status">
              {notFoundText ?? sinFicha(String(form.value?.anio_lectivo ?? valores.anio_lectivo))}
            </p>
          ) : null}
          <Field
            label="Apellido y Nombre"
            name={fields.apeynom.name}
            id={fields.apeynom.id}
            errorId={fields.apeynom.errorId}
            error={fields.apeynom.errors}
            required={!lectura}
            className="mae-ancho"
          >
            <input key={nombreKey} {...nombreProps} className="ui-input" maxLength={MAX.apeynom} autoComplete="off" />
          </Field>
          <Field
            label="Título MAE"
            name={fields.titulo_mae.name}
            id={fields.titulo_mae.id}
            errorId={fields.titulo_mae.errorId}
            error={fields.titulo_mae.errors}
            required={!lectura}
            className="mae-ancho"
          >
            <input
              key={tituloKey}
              {...tituloProps}
              className="ui-input"
              maxLength={MAX.titulo_mae}
              autoComplete="off"
            />
          </Field>
        </div>
      </fieldset>
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
        {botones.eliminar && puedeEliminar ? (
          <Link
            to={eliminarHref}
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
            onClick={hydrated && modo === "nuevo" ? () => form.reset() : undefined}
          >
            Agregar otra MAE
          </Link>
        ) : null}
        <Link to="/listado-mae" className="ui-button ui-button--secondary">
          Volver
        </Link>
      </div>
    </Form>
  );
}
