// The CAPA form of /regcapa and /regcapa/{id} (spec part 2 §2, §5): the member's DNI with 'Buscar' (locked when
// modifying), the member's data from the registry (read-only), the case's data, the household list and 'Guardar'.
// Without the screen's operation the whole form is shown disabled.
import { SelectInput, TextInput } from "~/components/ui";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { BUSCAR_AFILIADO } from "~/modules/capa/capa.schema";
import { ESQUEMAS_VACUNACION, FECHA_POSITIVO_MIN, TIPO_MODULO_LABEL, TIPOS_MODULO } from "~/modules/capa/rules";
import { enterPresses, Integrantes } from "./Integrantes";
import { Section } from "./Section";
import type { CapaFields, CapaFormMeta, CapaMode } from "./types";

const GUARDAR = "guardar";
const BUSCAR_ID = "capa-buscar-afiliado";

const ESQUEMA_OPTIONS = ESQUEMAS_VACUNACION.map((e) => ({ value: e, label: e }));
const MODULO_OPTIONS = TIPOS_MODULO.map((t) => ({ value: t, label: TIPO_MODULO_LABEL[t] }));

export type CapaFormProps = {
  form: CapaFormMeta;
  fields: CapaFields;
  mode: CapaMode;
  /** Where the form posts: the screen's URL without its message parameters. */
  action: string;
  /** The user may not save in this mode: every control disabled, no 'Guardar'. */
  readOnly: boolean;
  /** The insurer's today (the positive date's upper bound). */
  today: string;
};

export function CapaForm({ form, fields, mode, action, readOnly, today }: CapaFormProps) {
  const locked = mode === "edit" || readOnly;
  // The version read, sent back with the save: a record saved meanwhile by someone else is refused (ADR 047).
  const { key: versionKey, ...versionProps } = getInputProps(fields.version, { type: "hidden" });
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className={readOnly ? "capa-form capa-form--readonly" : "capa-form"}
      aria-label="Ficha CAPA Covid"
    >
      {/* The form's default button, disabled: Enter in a field never saves by accident; Enter in a DNI box
          presses its own 'Buscar'. */}
      <button type="submit" disabled tabIndex={-1} aria-hidden="true" className="sr-only" />
      {mode === "edit" && <input key={versionKey} {...versionProps} />}
      {form.errors && (
        <p id={form.errorId} className="ui-field-error" role="alert">
          {form.errors.join(". ")}
        </p>
      )}
      <fieldset disabled={readOnly} className="capa-body">
        <AfiliadoSection fields={fields} mode={mode} locked={locked} />
        <PacienteSection fields={fields} today={today} />
        <Integrantes form={form} fields={fields} readOnly={readOnly} />
      </fieldset>
      {!readOnly && (
        <div className="capa-actions">
          <button type="submit" name="intent" value={GUARDAR} className="ui-button ui-button--primary">
            Guardar
          </button>
        </div>
      )}
    </Form>
  );
}

/** The member: DNI with 'Buscar' (locked when modifying or read-only), and the registry's data (read-only). */
function AfiliadoSection({ fields, mode, locked }: { fields: CapaFields; mode: CapaMode; locked: boolean }) {
  return (
    <Section title="Afiliado">
      <div className="capa-lookup">
        <TextInput
          field={fields.afi_dni}
          label="DNI"
          inputMode="numeric"
          maxLength={8}
          required
          readOnly={mode === "edit"}
          hint={mode === "edit" ? "El DNI de una ficha registrada no se modifica" : undefined}
          onKeyDown={locked ? undefined : enterPresses(BUSCAR_ID)}
        />
        <button
          id={BUSCAR_ID}
          type="submit"
          name="intent"
          value={BUSCAR_AFILIADO}
          formNoValidate
          disabled={locked}
          className="ui-button ui-button--secondary capa-buscar"
        >
          Buscar
        </button>
      </div>
      <div className="capa-grid">
        <TextInput field={fields.afi_nombre} label="Apellido y Nombre" readOnly className="capa-wide" />
        <TextInput field={fields.afi_nro_afi} label="Nro. Afiliado" readOnly />
        <TextInput field={fields.afi_parentesco} label="Parentesco" readOnly />
        <TextInput field={fields.afi_edad} label="Edad" readOnly />
      </div>
    </Section>
  );
}

/** The case's data. */
function PacienteSection({ fields, today }: { fields: CapaFields; today: string }) {
  return (
    <Section title="Datos del paciente">
      <div className="capa-grid">
        <TextInput field={fields.afi_localidad} label="Localidad" maxLength={80} required />
        <TextInput
          field={fields.fecha_positivo}
          label="Fecha de positivo"
          type="date"
          min={FECHA_POSITIVO_MIN}
          max={today}
          required
        />
        <TextInput field={fields.afi_telefono} label="Teléfono" type="tel" maxLength={40} required />
        <TextInput field={fields.afi_telefono_alternativo} label="Teléfono alternativo" type="tel" maxLength={40} />
        <TextInput field={fields.afi_email} label="Email" type="email" maxLength={120} inputMode="email" />
        <SelectInput field={fields.esquema_vacunacion} label="Esquema de vacunación" options={ESQUEMA_OPTIONS} />
        <SelectInput
          field={fields.tipo_modulo}
          label="Tipo de módulo"
          placeholder="-Seleccione-"
          options={MODULO_OPTIONS}
        />
        <TextInput
          field={fields.nro_autorizacion_sia}
          label="Nro. de autorización"
          inputMode="numeric"
          maxLength={15}
        />
      </div>
    </Section>
  );
}
