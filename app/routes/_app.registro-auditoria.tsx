// Registro de Auditoría: who did what and when (sign-ins, writes, reads of member details). Administrators:
// screen /users plus operation 36. 'Acción' in words and 'Detalle' as 'clave: valor' lines (audit-log/rules.ts, issue 39).
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { DataTable, DateField, Field, Pager, RefusedView, type Column } from "~/components/ui";
import { formatDateTimeAR } from "~/lib/dates";
import { parseInput, queryOf } from "~/lib/input";
import { withoutTableParams } from "~/lib/table-state";
import { listAudit } from "~/modules/audit-log/listado.server";
import {
  AUDIT_PAGE_SIZE as PAGE_SIZE,
  AuditFilterSchema,
  type AuditFilterInput,
} from "~/modules/audit-log/filter.schema";
import { accionTexto, codigoDeAccion, detalleLineas } from "~/modules/audit-log/rules";
import { OP } from "~/auth/operations";
import styles from "~/styles/registro-auditoria.css";

export const handle = { title: "Registro de Auditoría" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
const SCREEN = "/registro-auditoria";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/users", { operation: OP.VER_REGISTRO_AUDITORIA });
  // Lenient filters (what cannot be read is dropped: filter.schema.ts); a bad page is refused with its message.
  const parsed = parseInput(AuditFilterSchema, queryOf(request));
  const filter: AuditFilterInput = parsed.ok ? parsed.data : { page: 0 };
  const rechazo = parsed.ok
    ? null
    : { msg: parsed.msg, href: `${SCREEN}${withoutTableParams(new URL(request.url).search)}` };
  // The filter takes the words the column shows ('Ingreso') as well as the code ('login').
  const accion = filter.accion ? codigoDeAccion(filter.accion) : undefined;
  const { rows, total } = rechazo ? { rows: [], total: 0 } : await listAudit({ ...filter, accion, size: PAGE_SIZE });
  return json(
    {
      filter,
      total,
      rows: rows.map((r) => ({
        ...r,
        at: r.at.toISOString(),
        accion: accionTexto(r.accion),
        detalle: detalleLineas(r.detalle),
      })),
      rechazo,
    },
    { status: rechazo ? 400 : 200 },
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "at", header: "Fecha y hora", render: (r) => formatDateTimeAR(r.at) },
  { key: "usuario", header: "Usuario" },
  { key: "accion", header: "Acción" },
  { key: "entidad", header: "Entidad", render: (r) => [r.entidad, r.entidadId].filter(Boolean).join(" ") },
  {
    key: "detalle",
    header: "Detalle",
    value: (r) => r.detalle.join("; "),
    render: (r) =>
      r.detalle.length ? (
        <ul className="auditoria-detalle">
          {r.detalle.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null,
  },
  { key: "address", header: "Dirección" },
];

export default function Auditoria() {
  const { filter, rows, total, rechazo } = useLoaderData<typeof loader>();
  const hrefFor = (page: number) => {
    const q = new URLSearchParams(
      Object.entries({ ...filter, page: String(page) }).filter(([, v]) => v != null && v !== "") as [string, string][],
    );
    return `?${q}`;
  };
  return (
    <section className="screen registro-auditoria-screen">
      <Form method="get" className="filters">
        <Field label="Usuario" name="usuario" inputProps={{ defaultValue: filter.usuario ?? "", maxLength: 64 }} />
        <Field label="Acción" name="accion" inputProps={{ defaultValue: filter.accion ?? "", maxLength: 64 }} />
        <DateField label="Desde" name="desde" defaultValue={filter.desde} />
        <DateField label="Hasta" name="hasta" defaultValue={filter.hasta} />
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
      </Form>
      {rechazo && <RefusedView msg={rechazo.msg} href={rechazo.href} />}
      <DataTable columns={COLUMNS} rows={rows} rowKey="id" caption="Registro de auditoría" captionHidden />
      <Pager page={filter.page} size={PAGE_SIZE} total={total} hrefFor={hrefFor} />
    </section>
  );
}
