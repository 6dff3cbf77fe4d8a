// 'Listado de Autorizaciones' (spec part 1 §2): GET filters (fecha desde/hasta, cobertura), Excel export, the
// table with row colours and the number popover, and the dialogs (detail, 'Resumen', practice counters).
import { Form } from "@remix-run/react";
import { useState } from "react";
import { DataTable, DateField, Field, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import type { AutorizacionRow } from "../autorizaciones.server";
import type { AutorizacionesTabData } from "../ficha-consumo.server";
import { ambIntLabel } from "../rules";
import { AutorizacionDetailDialog, PracticaDialog, ResumenDialog } from "./AutorizacionDialogs";
import { authRowClass, coverageText, modalidadText } from "./autorizacion-format";
import type { QueryPairs } from "./query";

function NumberPopover({ row, onOpen }: { row: AutorizacionRow; onOpen: () => void }) {
  const tipId = `aut-pop-${row.id}`;
  return (
    <span className="fc-pop">
      <button type="button" className="fc-link" aria-describedby={tipId} onClick={onOpen} aria-label={`Autorización ${row.nroautorizacion}: ver detalle`}>
        {row.nroautorizacion}
      </button>
      <span role="tooltip" id={tipId} className="fc-pop-card">
        <dl>
          <dt>Código</dt>
          <dd>{row.autoken || row.nroautorizacion}</dd>
          <dt>Cantidad</dt>
          <dd>{row.cantidad}</dd>
          <dt>Práctica</dt>
          <dd>{row.practica}</dd>
          <dt>Fecha</dt>
          <dd>{formatDateAR(row.fecha)}</dd>
        </dl>
      </span>
    </span>
  );
}

export function AutorizacionesPanel({ data, keep, today }: { data: AutorizacionesTabData; keep: QueryPairs; today: string }) {
  const [detail, setDetail] = useState<AutorizacionRow | null>(null);
  const [resumen, setResumen] = useState(false);
  const [practica, setPractica] = useState<string | null>(null);
  const { filter, rows } = data;

  const columns: Column<AutorizacionRow>[] = [
    { key: "nroautorizacion", header: "N° Autorización", render: (r) => <NumberPopover row={r} onOpen={() => setDetail(r)} /> },
    { key: "fecha", header: "Fecha", render: (r) => formatDateAR(r.fecha) },
    {
      key: "practica",
      header: "Práctica",
      render: (r) => (
        <button type="button" className="fc-link" onClick={() => setPractica(r.practica)} aria-label={`Práctica ${r.practica}: ver contadores`}>
          {r.practica}
        </button>
      ),
    },
    { key: "descpractica", header: "Descripción" },
    { key: "cobertura", header: "Cobertura", render: (r) => coverageText(r) },
    { key: "cantidad", header: "Cantidad", align: "right" },
    { key: "autorizo", header: "Autorizó" },
    { key: "modalidad", header: "Modalidad", render: (r) => modalidadText(r, today) },
    { key: "estadoambint", header: "Estado A/I", render: (r) => ambIntLabel(r.estadoambint, r.nrointernacion) },
    { key: "estado", header: "Estado" },
    { key: "entidad", header: "Entidad" },
  ];

  const formKey = `${filter.fecha_desde}|${filter.fecha_hasta}|${filter.cobertura}`;
  return (
    <section aria-label="Listado de Autorizaciones">
      <Form method="get" className="filters" key={formKey} preventScrollReset>
        {keep.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="sub" value="autorizaciones" />
        <DateField label="Fecha desde" name="fecha_desde" defaultValue={filter.fecha_desde} />
        <DateField label="Fecha hasta" name="fecha_hasta" defaultValue={filter.fecha_hasta} />
        <Field label="Cobertura" name="cobertura">
          <select className="ui-input" defaultValue={filter.cobertura}>
            {data.coberturas.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
      </Form>
      {data.error && (
        <p className="fc-error" role="alert">
          {data.error}
        </p>
      )}
      <div className="fc-toolbar">
        {data.excelHref && (
          <a className="ui-button ui-button--secondary" href={data.excelHref} download>
            Exportar a Excel
          </a>
        )}
        <button type="button" className="ui-button ui-button--secondary" onClick={() => setResumen(true)} disabled={rows.length === 0}>
          Resumen
        </button>
        <span className="fc-note">
          {rows.length} autorizaciones
          {data.truncated && ` (se muestran las primeras ${data.limit}; el Excel incluye todas)`}
        </span>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="id"
        caption="Autorizaciones del afiliado"
        captionHidden
        rowClassName={(r) => authRowClass(r, today)}
        maxHeight={560}
      />
      <AutorizacionDetailDialog row={detail} today={today} onOpenChange={(o) => !o && setDetail(null)} />
      <ResumenDialog open={resumen} rows={rows} today={today} onOpenChange={setResumen} onPractice={(p) => { setResumen(false); setPractica(p); }} />
      <PracticaDialog practica={practica} rows={rows} today={today} onOpenChange={(o) => !o && setPractica(null)} />
    </section>
  );
}
