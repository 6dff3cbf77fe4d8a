// The member's family group; a row loads that member's detail (a link, so it works without JavaScript).
import { Link } from "@remix-run/react";
import { DataTable, inactiveRow, type Column } from "~/components/ui";
import { listRowStatus } from "~/modules/afiliados/rules";
import type { Familiar } from "~/modules/afiliados/rules";

const COLUMNS: Column<Familiar>[] = [
  { key: "apeynom", header: "Apellido y Nombre" },
  { key: "numdoc", header: "DNI" },
  { key: "familiar", header: "Nro. Familiar" },
  { key: "descparentesco", header: "Parentesco" },
  { key: "estado", header: "Estado", value: (f) => listRowStatus(f.fechbaja) },
];

export function FamilyTable({
  rows,
  current,
  hrefFor,
}: {
  rows: Familiar[];
  current: number;
  hrefFor: (idafi: number) => string;
}) {
  return (
    <DataTable
      columns={COLUMNS}
      rows={rows}
      rowKey="idafi"
      caption="Grupo Familiar"
      rowHref={(f) => hrefFor(f.idafi)}
      renderLink={({ href, className, children }) => (
        <Link to={href} className={className} preventScrollReset>
          {children}
        </Link>
      )}
      rowClassName={(f) =>
        [f.idafi === current ? "padron-row--selected" : "", inactiveRow(listRowStatus(f.fechbaja) === "INACTIVO") ?? ""]
          .filter(Boolean)
          .join(" ") || undefined
      }
      stickyHeader={false}
    />
  );
}
