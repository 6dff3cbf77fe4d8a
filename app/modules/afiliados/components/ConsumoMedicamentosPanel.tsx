// 'Consumo Medicamentos' (spec part 1 §2): dispensing-date filters and the pharmacy consumption table;
// 1900-01-01 reads 'Sin info'.
import { Form } from "@remix-run/react";
import { DataTable, DateField, type Column } from "~/components/ui";
import { formatPharmacyDateAR } from "~/lib/dates";
import type { QueryPairs } from "~/modules/afiliados/detalle-query";
import type { ConsumoRow, MedicamentosTabData } from "~/modules/afiliados/autorizaciones.schema";
import { formatDecimal } from "~/lib/numbers";

const percent = (v: string | null) => (v == null || v === "" ? "" : `${formatDecimal(Number(v), 2)} %`);

const COLUMNS: Column<ConsumoRow>[] = [
  { key: "farma_mombre", header: "Farmacia" },
  { key: "farma_provincia", header: "Provincia" },
  { key: "farma_prestador", header: "Prestador" },
  { key: "fecha_receta", header: "Fecha receta", render: (r) => formatPharmacyDateAR(r.fecha_receta) },
  { key: "fecha_dispensa", header: "Fecha dispensa", render: (r) => formatPharmacyDateAR(r.fecha_dispensa) },
  { key: "producto", header: "Producto" },
  { key: "cant_unidades", header: "Cantidad", align: "right" },
  { key: "descuento", header: "% Descuento", align: "right", render: (r) => percent(r.descuento) },
  { key: "plan_programa", header: "Programa" },
];

export function ConsumoMedicamentosPanel({ data, keep }: { data: MedicamentosTabData; keep: QueryPairs }) {
  const { filter } = data;
  return (
    <section aria-label="Consumo Medicamentos">
      <Form
        method="get"
        className="filters"
        key={`${filter.dispensa_desde}|${filter.dispensa_hasta}`}
        preventScrollReset
      >
        {keep.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="sub" value="medicamentos" />
        <DateField label="Fecha dispensa desde" name="dispensa_desde" defaultValue={filter.dispensa_desde} />
        <DateField label="Fecha dispensa hasta" name="dispensa_hasta" defaultValue={filter.dispensa_hasta} />
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
      </Form>
      {data.error && (
        <p className="fc-error" role="alert">
          {data.error}
        </p>
      )}
      {data.truncated && <p className="fc-note">Se muestran los primeros {data.limit} consumos; acote las fechas.</p>}
      <DataTable
        columns={COLUMNS}
        rows={data.rows}
        rowKey="id"
        caption="Consumo de medicamentos"
        captionHidden
        maxHeight={560}
      />
    </section>
  );
}
