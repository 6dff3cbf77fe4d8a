// The files the schedules wrote, newest first, each with its schedule's filter (code and name) and its download link
// (the server checks the report's export operation and, for the pre-settlement, the responsable). A file's name may
// break after each '_' (<wbr>), so a long one does not widen the table on a phone.
import { Fragment } from "react";
import { DataTable, type Column } from "~/components/ui";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import { formatFileSize } from "~/lib/numbers";
import { filtroTexto, REPORTE_TEXT, type ArchivoVista, type Reporte } from "~/modules/reportes-programados/rules";

/** The name with a line-break opportunity after each '_' (the text itself unchanged). */
function Quebrable({ nombre }: { nombre: string }) {
  const parts = nombre.split("_");
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

const columns = (descargables: readonly Reporte[]): Column<ArchivoVista>[] => [
  { key: "generado_en", header: "Generado", render: (a) => formatDateTimeAR(a.generado_en) },
  { key: "reporte", header: "Reporte", render: (a) => REPORTE_TEXT[a.reporte], minWidth: 140 },
  {
    key: "periodo",
    header: "Período",
    render: (a) =>
      a.periodo_desde === a.periodo_hasta
        ? formatDateAR(a.periodo_desde)
        : `${formatDateAR(a.periodo_desde)} – ${formatDateAR(a.periodo_hasta)}`,
  },
  { key: "filtro", header: "Responsable / Efector", render: filtroTexto, minWidth: 160 },
  { key: "bytes", header: "Tamaño", align: "right", render: (a) => formatFileSize(a.bytes) },
  {
    key: "nombre",
    header: "Archivo",
    render: (a) =>
      descargables.includes(a.reporte) ? (
        <a href={a.url} download={a.nombre} aria-label={`Descargar ${a.nombre}`} className="rp-download">
          <Quebrable nombre={a.nombre} />
        </a>
      ) : (
        <span className="rp-download">
          <Quebrable nombre={a.nombre} />
        </span>
      ),
  },
];

export function ArchivosTable({ rows, descargables }: { rows: ArchivoVista[]; descargables: readonly Reporte[] }) {
  return (
    <DataTable
      columns={columns(descargables)}
      rows={rows}
      rowKey="id"
      caption="Archivos generados"
      captionHidden
      emptyText="Todavía no se generó ningún archivo"
    />
  );
}
