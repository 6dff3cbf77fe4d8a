// Filters of the pre-settlement query (spec part 2 §2): Fecha Desde / Fecha Hasta, Responsable, Buscar with a
// spinner, and the 'Excel' download (CSV file liquidacion) of the search on screen. A GET form: the URL holds it.
import { Form } from "@remix-run/react";
import { PeriodFields } from "~/components/reporting/PeriodFields";
import { Field, Spinner } from "~/components/ui";

export type FiltrosValues = { fecha_desde: string; fecha_hasta: string; responsable: string };
export type ResponsableOption = { cuit: string; nombre: string };

export function LiquidacionFiltros({
  values,
  responsables,
  errors,
  busy,
  excelHref,
  pdfHref,
}: {
  values: FiltrosValues;
  responsables: ResponsableOption[];
  errors: Record<string, string>;
  busy: boolean;
  /** The CSV of the search on screen; null when there is none or the user lacks operation 33. */
  excelHref: string | null;
  /** 'Exportar a PDF' of the search on screen (a plain link: works without JavaScript); null likewise. */
  pdfHref: string | null;
}) {
  return (
    <Form
      method="get"
      className="filters liq-filters"
      key={JSON.stringify(values)}
      aria-label="Filtros de la preliquidación"
    >
      <PeriodFields values={values} errors={errors} required />
      <Field label="Responsable" name="responsable" error={errors.responsable} required className="liq-responsable">
        <select className="ui-input" defaultValue={values.responsable}>
          <option value="">-Seleccione-</option>
          {responsables.map((r) => (
            <option key={r.cuit} value={r.cuit}>
              {r.nombre}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
        {busy ? "Buscando..." : "Buscar"}
      </button>
      {excelHref && (
        <a className="ui-button ui-button--secondary" href={excelHref} download="liquidacion.csv">
          Excel
        </a>
      )}
      {pdfHref && (
        <a className="ui-button ui-button--secondary" href={pdfHref} download="preliquidacion.pdf">
          Exportar a PDF
        </a>
      )}
      {busy && <Spinner label="Buscando..." />}
    </Form>
  );
}
