// The member's coverages (enrolments) with ACTIVA / INACTIVA by the coverage rule of spec §4.
import { Chip, DataTable, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { coverageStatus } from "~/modules/afiliados/rules";
import type { Plan } from "~/modules/afiliados/rules";

export function CoveragesTable({ rows, fechbaja, today }: { rows: Plan[]; fechbaja: string; today: string }) {
  const status = (p: Plan) => coverageStatus({ fechbaja, enprfecbaj: p.enprfecbaj }, today);
  const columns: Column<Plan>[] = [
    { key: "gravcodgra", header: "Código" },
    { key: "gravdesgra", header: "Cobertura" },
    { key: "cobcaract", header: "Característica" },
    { key: "cobsubcaract", header: "Subcaracterística" },
    { key: "enprfecvig", header: "Vigencia Desde", render: (p) => formatDateAR(p.enprfecvig) },
    { key: "enprfecbaj", header: "Vigencia Hasta", render: (p) => formatDateAR(p.enprfecbaj) },
    {
      key: "estado",
      header: "Estado",
      value: status,
      render: (p) => <Chip label={status(p)} tone={status(p) === "ACTIVA" ? "success" : "danger"} />,
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(p) => `${p.gravcodgra}-${p.enprfecvig}`}
      caption="Coberturas"
      emptyText="El afiliado no tiene coberturas registradas"
      stickyHeader={false}
    />
  );
}
