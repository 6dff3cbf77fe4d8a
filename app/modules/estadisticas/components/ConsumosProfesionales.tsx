// Efectores found by the professional search: 'Seleccionar' sets the provider code (a link without JavaScript,
// the code field is filled in place with it).
import { DataTable, type Column } from "~/components/ui";
import { MSG_SIN_RESULTADO } from "~/lib/messages";
import type { Efector } from "~/modules/prestadores/rules";

export function ConsumosProfesionales({
  rows,
  hrefFor,
  onPick,
}: {
  rows: Efector[];
  hrefFor: (e: Efector) => string;
  onPick: (e: Efector) => void;
}) {
  const columns: Column<Efector>[] = [
    {
      key: "elegir",
      header: "",
      render: (e) => (
        <a
          href={hrefFor(e)}
          className="ui-button ui-button--secondary consumos-elegir"
          aria-label={`Seleccionar ${e.nommedefector ?? e.codigo} (código ${e.codigo})`}
          onClick={(ev) => {
            if (ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.button !== 0) return;
            ev.preventDefault();
            onPick(e);
          }}
        >
          Seleccionar
        </a>
      ),
      width: 120,
    },
    { key: "codigo", header: "Código" },
    { key: "nommedefector", header: "Apellido y Nombre" },
    { key: "matmedefector", header: "Matrícula" },
    { key: "matriculas", header: "Matrículas" },
  ];
  return (
    <section className="consumos-profesionales" aria-label="Profesionales encontrados">
      <DataTable
        caption="Profesionales encontrados"
        captionHidden
        columns={columns}
        rows={rows}
        rowKey="codigo"
        emptyText={MSG_SIN_RESULTADO}
        maxHeight={320}
      />
    </section>
  );
}
