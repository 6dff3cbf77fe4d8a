// 'Padrón de Profesionales' (spec part 2 §2 Professional query, §9): a GET form (Nombre, Apellido, Matricula, Colegio:
// TODOS or the list; Buscar), the table of professionals (name, licence, college, specialty, address, locality,
// phone), the total and Atrás / 'Página x de y' / Siguiente, 5 a page. Works without JavaScript (the URL holds the
// filter and the page). A failed search shows an empty table and a calm message (spec §8).
// docs/decisions/037-professional-registry.md.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, FilterActions, FilterFields, PagedTable, type Column, type FilterFieldSpec } from "~/components/ui";
import { MAX_MATRICULA, MAX_NOMBRE, PAGE_SIZE, SCREEN_PATH, TODOS } from "~/modules/prestadores/profesionales.schema";
import { padronPantalla } from "~/modules/prestadores/profesionales.server";
import styles from "~/styles/profesionales.css";

export const handle = { title: "Padrón de Profesionales" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, SCREEN_PATH);
  return json(await padronPantalla(new URL(request.url).searchParams));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["prestadores"][number];

const COLUMNS: Column<Row>[] = [
  { key: "nombre", header: "Apellido y Nombre", render: (r) => `${r.apellido}, ${r.nombre}` },
  { key: "matricula", header: "Matrícula" },
  { key: "colegio", header: "Colegio", render: (r) => r.colegio ?? "" },
  { key: "especialidad", header: "Especialidad", render: (r) => r.especialidad ?? "" },
  { key: "domicilio", header: "Domicilio", render: (r) => r.domicilio ?? "" },
  { key: "localida", header: "Localidad", render: (r) => r.localida ?? "" },
  { key: "telefono", header: "Teléfono", render: (r) => r.telefono ?? "" },
];

const filterFields = (colegios: { sptpmdescr: string }[]): FilterFieldSpec[] => [
  { kind: "text", name: "nombre", label: "Nombre", maxLength: MAX_NOMBRE },
  { kind: "text", name: "apellido", label: "Apellido", maxLength: MAX_NOMBRE },
  { kind: "text", name: "matricula", label: "Matricula", maxLength: MAX_MATRICULA },
  { kind: "select", name: "colegio", label: "Colegio", options: colegios.map((c) => c.sptpmdescr), all: TODOS },
];

export default function PadronProfesionales() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="screen padron-profesionales">
      <Form method="get" className="filters" aria-label="Filtros del padrón de profesionales">
        <FilterFields fields={filterFields(data.colegios)} values={data.values} />
        <FilterActions busy={busy} />
      </Form>
      {data.aviso ? <Alert severity="info">{data.aviso}</Alert> : null}
      {data.searched ? (
        <PagedTable
          columns={COLUMNS}
          rows={data.prestadores}
          rowKey="key"
          caption="Padrón de profesionales"
          pagerLabel="Paginación del padrón"
          path={SCREEN_PATH}
          query={data.query}
          page={data.page}
          size={PAGE_SIZE}
          total={data.total}
          statusPrefix="Página"
        />
      ) : null}
    </section>
  );
}
