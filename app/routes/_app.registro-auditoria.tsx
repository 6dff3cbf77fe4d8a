// Registro de Auditoría: who did what and when (sign-ins, writes, reads of member details). Administrators:
// screen /users plus operation 36.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { can, requireScreen } from "~/auth/guards.server";
import { AUDIT_OPERATION } from "~/components/shell/menu";
import { DataTable, DateField, Field, Pager, type Column } from "~/components/ui";
import { formatDateTimeAR } from "~/lib/dates";
import { listAudit } from "~/modules/audit-log/audit.server";

export const handle = { title: "Registro de Auditoría" };

const PAGE_SIZE = 50;
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);
const FilterSchema = z.object({
  usuario: z.string().trim().max(64).optional().catch(undefined),
  accion: z.string().trim().max(64).optional().catch(undefined),
  desde: isoDate,
  hasta: isoDate,
  page: z.coerce.number().int().min(0).max(100_000).catch(0),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/users");
  if (!can(user, AUDIT_OPERATION)) throw redirect("/home");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filter = FilterSchema.parse(params);
  const { rows, total } = await listAudit({
    ...filter,
    usuario: filter.usuario || undefined,
    accion: filter.accion || undefined,
    size: PAGE_SIZE,
  });
  return json({
    filter,
    total,
    rows: rows.map((r) => ({ ...r, at: r.at.toISOString(), detalle: r.detalle ? JSON.stringify(r.detalle) : "" })),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const COLUMNS: Column<Row>[] = [
  { key: "at", header: "Fecha y hora", render: (r) => formatDateTimeAR(r.at) },
  { key: "usuario", header: "Usuario" },
  { key: "accion", header: "Acción" },
  { key: "entidad", header: "Entidad", render: (r) => [r.entidad, r.entidadId].filter(Boolean).join(" ") },
  { key: "detalle", header: "Detalle" },
  { key: "address", header: "Dirección" },
];

export default function Auditoria() {
  const { filter, rows, total } = useLoaderData<typeof loader>();
  const hrefFor = (page: number) => {
    const q = new URLSearchParams(
      Object.entries({ ...filter, page: String(page) }).filter(([, v]) => v != null && v !== "") as [string, string][],
    );
    return `?${q}`;
  };
  return (
    <section className="screen">
      <Form method="get" className="filters">
        <Field label="Usuario" name="usuario" inputProps={{ defaultValue: filter.usuario ?? "", maxLength: 64 }} />
        <Field label="Acción" name="accion" inputProps={{ defaultValue: filter.accion ?? "", maxLength: 64 }} />
        <DateField label="Desde" name="desde" defaultValue={filter.desde} />
        <DateField label="Hasta" name="hasta" defaultValue={filter.hasta} />
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
      </Form>
      <DataTable columns={COLUMNS} rows={rows} rowKey="id" caption="Registro de auditoría" captionHidden />
      <Pager page={filter.page} size={PAGE_SIZE} total={total} hrefFor={hrefFor} />
    </section>
  );
}
