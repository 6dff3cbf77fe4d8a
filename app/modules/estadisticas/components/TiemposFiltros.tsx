// Period filter of 'OSEP / Tiempos de Auditoria Médica': a GET form, so the URL holds the period.
import { Form } from "@remix-run/react";
import { DateField } from "~/components/ui";

export type TiemposFiltrosValues = { fecha_desde: string; fecha_hasta: string };

export function TiemposFiltros({
  values,
  errors,
  busy,
}: {
  values: TiemposFiltrosValues;
  errors: Record<string, string>;
  busy: boolean;
}) {
  return (
    <Form method="get" className="filters aud-filtros" key={`${values.fecha_desde}|${values.fecha_hasta}`}>
      <DateField
        label="Fecha Desde"
        name="fecha_desde"
        defaultValue={values.fecha_desde}
        error={errors.fecha_desde}
        required
      />
      <DateField
        label="Fecha Hasta"
        name="fecha_hasta"
        defaultValue={values.fecha_hasta}
        error={errors.fecha_hasta}
        required
      />
      <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
        {busy ? "Cargando..." : "Ver Estadísticas"}
      </button>
    </Form>
  );
}
