// 'Notas - Sistema Viejo': date, description, user; 'Exportar a Excel' downloads the same list (XLSX) for holders of
// operation 13 (the screen passes no exportHref to the others).
import { DataTable, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import type { Nota } from "~/modules/afiliados/rules";

const COLUMNS: Column<Nota>[] = [
  { key: "fecha_cambio", header: "Fecha", render: (n) => formatDateAR(n.fecha_cambio), width: 120 },
  { key: "descripcion_cambio", header: "Descripción" },
  { key: "nombre_usuario", header: "Usuario", width: 160 },
];

export function NotasTab({ notas, exportHref }: { notas: Nota[]; exportHref: string | null }) {
  return (
    <section aria-labelledby="notas-title" className="member-tab">
      <div className="member-tab-header">
        <h3 id="notas-title">Notas - Sistema Viejo</h3>
        {exportHref && (
          <a className="ui-button ui-button--secondary" href={exportHref} download>
            Exportar a Excel
          </a>
        )}
      </div>
      <DataTable
        columns={COLUMNS}
        rows={notas}
        rowKey={(n) => `${n.fecha_cambio}-${notas.indexOf(n)}`}
        caption="Notas - Sistema Viejo"
        captionHidden
        emptyText="El afiliado no tiene notas registradas"
        maxHeight="50vh"
      />
    </section>
  );
}
