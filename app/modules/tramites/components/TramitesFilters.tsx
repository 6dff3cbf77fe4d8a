// The 'Consulta de Expedientes' filters as a GET form (works without JavaScript): type, number, year, letter, DNI,
// start-date range, initiator and extract, with Buscar and Limpiar Filtros.
import { Form, Link } from "@remix-run/react";
import { DateField, Field } from "~/components/ui";
import type { FieldError } from "~/lib/input";
import { MAX_LETRA, MAX_TEXTO, TIPOS_DOCUMENTO, TODOS } from "~/modules/tramites/rules";

export type TramitesFilterValues = Record<
  "tipo_documento" | "nrotramite" | "anio" | "letra" | "dni" | "fecha_desde" | "fecha_hasta" | "iniciador" | "extracto",
  string
>;

type Props = { values: TramitesFilterValues; errors: FieldError[]; busy: boolean };

export function TramitesFilters({ values, errors, busy }: Props) {
  const err = (param: string) => errors.find((e) => e.param === param)?.msg;
  const other = err("page") ?? err("size");
  return (
    <Form method="get" className="catalogo-filters" aria-label="Filtros de expedientes" noValidate>
      <div className="filters">
        <Field label="Tipo de Documento" name="tipo_documento" error={err("tipo_documento")}>
          <select className="ui-input" defaultValue={values.tipo_documento || TODOS}>
            <option value={TODOS}>TODOS</option>
            {TIPOS_DOCUMENTO.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Número" name="nrotramite" error={err("nrotramite")}>
          <input
            className="ui-input catalogo-short"
            inputMode="numeric"
            maxLength={9}
            defaultValue={values.nrotramite}
            autoComplete="off"
          />
        </Field>
        <Field label="Año" name="anio" error={err("anio")}>
          <input
            className="ui-input catalogo-short"
            inputMode="numeric"
            maxLength={4}
            defaultValue={values.anio}
            autoComplete="off"
          />
        </Field>
        <Field label="Letra" name="letra" error={err("letra")}>
          <input
            className="ui-input catalogo-short"
            maxLength={MAX_LETRA}
            defaultValue={values.letra}
            autoComplete="off"
          />
        </Field>
        <Field label="DNI" name="dni" error={err("dni")}>
          <input className="ui-input" inputMode="numeric" maxLength={8} defaultValue={values.dni} autoComplete="off" />
        </Field>
        <DateField
          label="Fecha Desde"
          name="fecha_desde"
          defaultValue={values.fecha_desde}
          error={err("fecha_desde")}
        />
        <DateField
          label="Fecha Hasta"
          name="fecha_hasta"
          defaultValue={values.fecha_hasta}
          error={err("fecha_hasta")}
        />
        <Field label="Iniciador" name="iniciador" error={err("iniciador")}>
          <input className="ui-input" maxLength={MAX_TEXTO} defaultValue={values.iniciador} autoComplete="off" />
        </Field>
        <Field label="Extracto" name="extracto" error={err("extracto")}>
          <input className="ui-input" maxLength={MAX_TEXTO} defaultValue={values.extracto} autoComplete="off" />
        </Field>
      </div>
      {other ? (
        <p className="ui-field-error" role="alert">
          {other}
        </p>
      ) : null}
      <div className="catalogo-actions">
        <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
          Buscar
        </button>
        <Link className="ui-button ui-button--secondary" to="/tramites">
          Limpiar Filtros
        </Link>
      </div>
    </Form>
  );
}
