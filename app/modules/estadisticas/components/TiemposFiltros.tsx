// Period filter of 'OSEP / Tiempos de Auditoria Médica': a GET form, so the URL holds the period.
import { Form } from "@remix-run/react";
import { PeriodFields } from "~/components/reporting/PeriodFields";

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
      <PeriodFields values={values} errors={errors} required />
      <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
        {busy ? "Cargando..." : "Ver Estadísticas"}
      </button>
    </Form>
  );
}
