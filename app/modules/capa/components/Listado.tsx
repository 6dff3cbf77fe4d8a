// The pieces of 'Listado de Registros CAPA Covid' (spec part 2 §2, §9): the GET filter form (registration date
// range, default today–today), the export links (PDF and Excel of the listed range, operation 12) and the paged
// table with the edit icon (ActionIcon: Modificar, or Ver without operation 11) → /regcapa/{id}. Everything works
// without JavaScript (a GET form and links).
import { Form } from "@remix-run/react";
import { ActionIcon, DataTable, DateField, Pager, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import type { FichaCapa } from "~/modules/capa/rules";

const LISTADO_PATH = "/listado-capa";
const PDF_PATH = "/listado-capa/report.pdf";
const XLSX_PATH = "/listado-capa/exportar.xlsx";

export type Rango = { fecha_desde: string; fecha_hasta: string };

/** A URL of the list (or an export) for a range and a page. */
function listadoHref(path: string, r: Rango, page = 0): string {
  const q = new URLSearchParams({ fecha_desde: r.fecha_desde, fecha_hasta: r.fecha_hasta });
  if (page > 0) q.set("page", String(page));
  return `${path}?${q}`;
}

type FiltersProps = { values: Rango; errors: { param: string; msg: string }[] };

export function ListadoFilters({ values, errors }: FiltersProps) {
  const err = (param: string) => errors.find((e) => e.param === param)?.msg;
  return (
    <Form method="get" action={LISTADO_PATH} className="capa-filters" noValidate aria-label="Filtros del listado">
      <div className="filters">
        <DateField
          label="Fecha Desde"
          name="fecha_desde"
          defaultValue={values.fecha_desde}
          error={err("fecha_desde")}
        />
        <DateField
          label="Fecha Hasta"
          name="fecha_hasta"
          defaultValue={values.fecha_hasta}
          error={err("fecha_hasta")}
        />
        <button type="submit" className="ui-button ui-button--primary">
          Buscar
        </button>
      </div>
    </Form>
  );
}

export function ExportLinks({ rango }: { rango: Rango }) {
  return (
    <div className="capa-exports">
      <a className="ui-button ui-button--secondary" href={listadoHref(PDF_PATH, rango)} download="report.pdf">
        Exportar a PDF
      </a>
      <a className="ui-button ui-button--secondary" href={listadoHref(XLSX_PATH, rango)} download="capa-covid.xlsx">
        Exportar a Excel
      </a>
    </div>
  );
}

type TableProps = {
  rows: FichaCapa[];
  total: number;
  page: number;
  size: number;
  rango: Rango;
  /** Operation 11: the icon edits; otherwise it opens the record to read. */
  canModify: boolean;
};

export function ListadoTable({ rows, total, page, size, rango, canModify }: TableProps) {
  const columns: Column<FichaCapa>[] = [
    { key: "nro_registro", header: "N° Registro", align: "right" },
    { key: "fecha_registracion", header: "Fecha Registro", render: (f) => formatDateAR(f.fecha_registracion) },
    // Room for a name on one or two lines at 1366 px (issue 39); on a phone the table scrolls sideways.
    { key: "afi_nombre", header: "Apellido y Nombre", minWidth: 170 },
    { key: "afi_dni", header: "DNI" },
    { key: "afi_edad", header: "Edad", align: "right" },
    { key: "fecha_positivo", header: "Fecha Positivo", render: (f) => formatDateAR(f.fecha_positivo) },
    { key: "afi_localidad", header: "Localidad" },
    { key: "esquema_vacunacion", header: "Esquema de Vacunación" },
    { key: "cant_integrantes", header: "Integrantes", align: "right" },
    {
      key: "editar",
      header: canModify ? "Editar" : "Ver",
      align: "center",
      render: (f) => (
        <ActionIcon
          action={canModify ? "modificar" : "ver"}
          subject={`registro N° ${f.nro_registro} de ${f.afi_nombre ?? f.afi_dni}`}
          href={`/regcapa/${f.id}`}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="id"
        caption={`Registros CAPA del ${formatDateAR(rango.fecha_desde)} al ${formatDateAR(rango.fecha_hasta)}`}
      />
      <Pager
        page={page}
        size={size}
        total={total}
        hrefFor={(p) => listadoHref(LISTADO_PATH, rango, p)}
        label="Páginas del listado"
      />
    </>
  );
}
