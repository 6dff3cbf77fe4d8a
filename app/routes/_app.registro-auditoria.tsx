// Registro de Auditoría: who did what and when (sign-ins, writes, reads of member details). Administrators:
// screen /users plus operation 36. 'Acción' in words and 'Detalle' as 'clave: valor' lines (audit-log/rules.ts, issue 39).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { DataTable, DateField, Field, Pager, RefusedView, type Column } from "~/components/ui";
import { formatDateTimeAR } from "~/lib/dates";
import { AUDIT_PAGE_SIZE as PAGE_SIZE } from "~/modules/audit-log/filter.schema";
import { registroAuditoriaScreen } from "~/modules/audit-log/screen.server";
import { OP } from "~/auth/operations";
import styles from "~/styles/registro-auditoria.css";

export const handle = { title: "Registro de Auditoría" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/users", { operation: OP.VER_REGISTRO_AUDITORIA });
  return registroAuditoriaScreen(request);
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
