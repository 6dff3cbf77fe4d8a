// The files the schedules wrote, newest first, each with its download link (the server checks the report's export
// operation and, for the pre-settlement, the responsable).
import { DataTable, type Column } from "~/components/ui";
import { formatDateAR, formatDateTimeAR } from "~/lib/dates";
import { formatFileSize } from "~/lib/numbers";
import { REPORTE_TEXT, type ArchivoVista, type Reporte } from "~/modules/reportes-programados/rules";

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
  { key: "bytes", header: "Tamaño", align: "right", render: (a) => formatFileSize(a.bytes) },
  {
    key: "nombre",
    header: "Archivo",
    render: (a) =>
      descargables.includes(a.reporte) ? (
        <a href={a.url} download={a.nombre} aria-label={`Descargar ${a.nombre}`} className="rp-download">
          {a.nombre}
        </a>
      ) : (
        <span className="rp-download">{a.nombre}</span>
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
