// The columns of the imported files (shown by PagedTable), in the order an administrator reads them: when (dd/mm/aaaa
// hh:mm, insurer's time zone), the file, its status as a chip, the message and the refusal report's link — in sight at
// 1366 px with the drawer open —, then the counts, and the details: table, mode, who, encoding, size, SHA-256
// (shortened; the whole value in a details element, readable without JavaScript or a mouse) and the duration.
import { Chip, type Column, type Tone } from "~/components/ui";
import { formatDateTimeAR } from "~/lib/dates";
import { formatCount, formatDecimal, formatFileSize } from "~/lib/numbers";
import { ESTADO_TEXT, type Estado } from "~/modules/feed/importaciones.schema";
import type { ImportacionVista } from "./types";

const TONE: Record<Estado, Tone> = { APLICADO: "success", SIN_CAMBIOS: "info", RECHAZADO: "warning", ERROR: "danger" };

/** A duration for people: '350 ms', '4,2 s', '3 min 05 s'. */
function formatDuracion(ms: number): string {
  if (ms < 1000) return `${formatCount(ms)} ms`;
  if (ms < 60_000) return `${formatDecimal(ms / 1000, 1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
}

const count = (key: keyof ImportacionVista, header: string): Column<ImportacionVista> => ({
  key,
  header,
  align: "right",
  render: (r) => formatCount(r[key] as number),
});

function Sha({ r }: { r: ImportacionVista }) {
  return (
    <details className="imp-sha">
      <summary aria-label={`SHA-256 de ${r.archivo}: ${r.sha256.slice(0, 12)}…, ver completo`}>
        <code>{r.sha256.slice(0, 12)}…</code>
      </summary>
      <code className="imp-sha-full">{r.sha256}</code>
    </details>
  );
}

function EstadoChip({ estado }: { estado: string }) {
  const known = estado in ESTADO_TEXT ? (estado as Estado) : null;
  return <Chip label={known ? ESTADO_TEXT[known] : estado} tone={known ? TONE[known] : "neutral"} />;
}

/** The columns; the report's link only for who holds operation 42 (`canDescargar`). */
export function importacionColumns(canDescargar: boolean): Column<ImportacionVista>[] {
  return [
    { key: "iniciado_en", header: "Fecha y hora", render: (r) => formatDateTimeAR(r.iniciado_en), minWidth: 130 },
    { key: "archivo", header: "Archivo", render: (r) => <span className="imp-archivo">{r.archivo}</span> },
    { key: "estado", header: "Estado", render: (r) => <EstadoChip estado={r.estado} /> },
    { key: "mensaje", header: "Mensaje", render: (r) => r.mensaje ?? "", minWidth: 260 },
    {
      key: "informe",
      header: "Informe",
      render: (r) =>
        r.informe_url && canDescargar ? (
          <a
            href={r.informe_url}
            download
            aria-label={`Descargar el informe de rechazos de ${r.archivo} del ${formatDateTimeAR(r.iniciado_en)}`}
          >
            Descargar
          </a>
        ) : (
          ""
        ),
    },
    count("filas", "Filas"),
    count("insertadas", "Insertadas"),
    count("actualizadas", "Actualizadas"),
    count("finalizadas", "Finalizadas"),
    count("rechazadas", "Rechazadas"),
    { key: "tabla", header: "Tabla", render: (r) => r.tabla ?? "" },
    { key: "modo", header: "Modo", render: (r) => r.modo ?? "" },
    { key: "origen", header: "Origen" },
    { key: "codificacion", header: "Codificación", render: (r) => r.codificacion ?? "" },
    { key: "bytes", header: "Tamaño", align: "right", render: (r) => formatFileSize(r.bytes) },
    { key: "sha256", header: "SHA-256", render: (r) => <Sha r={r} /> },
    { key: "duracion_ms", header: "Duración", align: "right", render: (r) => formatDuracion(r.duracion_ms) },
  ];
}
