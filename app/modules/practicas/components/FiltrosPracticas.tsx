// Filters of 'Consulta de Prácticas' (spec part 1 §2): a GET form, so the URL holds the search.
import { Form, Link } from "@remix-run/react";
import { DateField, Field } from "~/components/ui";

export type FiltrosValues = Record<string, string>;
export type Opciones = {
  secciones: string[];
  origenes: string[];
  coberturas: { gravcodgra: number; gravdesgra: string }[];
};

export function FiltrosPracticas({
  values,
  opciones,
  errors,
  busy,
}: {
  values: FiltrosValues;
  opciones: Opciones;
  errors: Record<string, string>;
  busy: boolean;
}) {
  const text = (name: string, label: string, max = 6) => (
    <Field
      label={label}
      name={name}
      error={errors[name]}
      inputProps={{ defaultValue: values[name] ?? "", maxLength: max, size: 6, autoComplete: "off" }}
    />
  );
  return (
    <Form method="get" className="filters prac-filters" key={JSON.stringify(values)}>
      <input type="hidden" name="buscar" value="1" />
      <Field
        label="Descripción de la práctica"
        name="descripcion"
        error={errors.descripcion}
        inputProps={{ defaultValue: values.descripcion ?? "", maxLength: 100, autoComplete: "off" }}
      />
      <Field label="Sección" name="seccion" error={errors.seccion}>
        <select className="ui-input" defaultValue={values.seccion ?? ""}>
          <option value="">TODAS</option>
          {opciones.secciones.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </Field>
      {text("capitulo", "Capítulo")}
      {text("subcapitulo", "Subcapítulo")}
      {text("secuencia", "Secuencia")}
      {text("subitem", "Subitem")}
      <Field label="Origen" name="origen" error={errors.origen}>
        <select className="ui-input" defaultValue={values.origen ?? ""}>
          <option value="">TODOS</option>
          {opciones.origenes.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </Field>
      <DateField label="Fecha Desde" name="fecha_desde" defaultValue={values.fecha_desde} error={errors.fecha_desde} />
      <DateField label="Fecha Hasta" name="fecha_hasta" defaultValue={values.fecha_hasta} error={errors.fecha_hasta} />
      <Field label="Cobertura" name="cobertura" error={errors.cobertura}>
        <select className="ui-input" defaultValue={values.cobertura ?? "TODAS"}>
          <option value="TODAS">TODAS</option>
          {opciones.coberturas.map((c) => (
            <option key={c.gravcodgra} value={String(c.gravcodgra)}>
              {c.gravcodgra} - {c.gravdesgra}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
        {busy ? "Buscando..." : "Buscar"}
      </button>
      <Link to="/informes-practicas" className="ui-button ui-button--secondary">
        Limpiar Filtros
      </Link>
    </Form>
  );
}
