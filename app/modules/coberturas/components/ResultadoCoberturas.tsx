// The member block and the special coverages table of the public lookup (spec part 1 §2, §4).
import { Chip, DataTable, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import type { CoberturaPublica, ConsultaResultado } from "~/modules/coberturas/consulta.schema";

const columns: Column<CoberturaPublica>[] = [
  { key: "gravcodgra", header: "Código", align: "right", width: 80 },
  { key: "gravdesgra", header: "Cobertura" },
  { key: "enprfecvig", header: "Desde", render: (c) => formatDateAR(c.enprfecvig) },
  { key: "enprfecbaj", header: "Hasta", render: (c) => formatDateAR(c.enprfecbaj) },
  {
    key: "estado",
    header: "Estado",
    render: (c) => <Chip tone={c.estado === "ACTIVA" ? "success" : "danger"} label={c.estado} />,
  },
  {
    key: "cartilla",
    header: "Cartilla",
    render: (c) =>
      c.cartilla ? (
        <a href={c.cartilla} target="_blank" rel="noopener noreferrer">
          Ver cartilla<span className="ui-sr-only"> de {c.gravdesgra}</span>
        </a>
      ) : null,
  },
];

export function ResultadoCoberturas({ data }: { data: ConsultaResultado }) {
  const a = data.afiliado;
  return (
    <section className="cob-result" aria-label="Resultado de la consulta">
      <dl className="cob-datos">
        <div>
          <dt>Apellido y Nombre</dt>
          <dd>{a.apeynom}</dd>
        </div>
        <div>
          <dt>N° de Afiliado</dt>
          <dd>{a.nroafi}</dd>
        </div>
        <div>
          <dt>DNI</dt>
          <dd>{a.numdoc}</dd>
        </div>
        <div>
          <dt>CUIL</dt>
          <dd>{a.cuil}</dd>
        </div>
        <div>
          <dt>Fecha de Nacimiento</dt>
          <dd>{formatDateAR(a.baperfenac)}</dd>
        </div>
        <div>
          <dt>Edad</dt>
          <dd>{a.edad ?? ""}</dd>
        </div>
        <div>
          <dt>Estado de Afiliación</dt>
          <dd className="cob-estado">
            <Chip tone={a.estado === "ACTIVO" ? "success" : "danger"} label={a.estado} />
            {a.estado_detalle && <span className="cob-estado-detalle">{a.estado_detalle}</span>}
          </dd>
        </div>
        <div>
          <dt>Fecha de Alta</dt>
          <dd>{formatDateAR(a.fechalta)}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{a.plan ?? ""}</dd>
        </div>
      </dl>
      <DataTable
        caption="Coberturas especiales"
        columns={columns}
        rows={data.coberturas}
        rowKey={(c) => `${c.gravcodgra}-${c.enprfecvig}`}
        emptyText="El afiliado no tiene coberturas especiales registradas"
      />
    </section>
  );
}
