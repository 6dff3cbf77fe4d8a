// 'Padrón de Profesionales' (spec part 2 §2 Professional query, §9): a GET form (Nombre, Apellido, Matricula, Colegio:
// TODOS or the list; Buscar), the table of professionals (name, licence, college, specialty, address, locality,
// phone), the total and Atrás / 'Página x de y' / Siguiente, 5 a page. Works without JavaScript (the URL holds the
// filter and the page). A failed search shows an empty table and a calm message (spec §8).
// docs/decisions/037-professional-registry.md.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, DataTable, Field, Pager, type Column } from "~/components/ui";
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

export default function PadronProfesionales() {
  const data = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const hrefFor = (page: number) => {
    const q = new URLSearchParams(data.query);
    q.set("page", String(page));
    return `${SCREEN_PATH}?${q}`;
  };
  return (
    <section className="screen padron-profesionales">
      <Form method="get" className="filters" aria-label="Filtros del padrón de profesionales">
        <Field label="Nombre" name="nombre" inputProps={{ defaultValue: data.values.nombre, maxLength: MAX_NOMBRE }} />
        <Field
          label="Apellido"
          name="apellido"
          inputProps={{ defaultValue: data.values.apellido, maxLength: MAX_NOMBRE }}
        />
        <Field
          label="Matricula"
          name="matricula"
          inputProps={{ defaultValue: data.values.matricula, maxLength: MAX_MATRICULA, autoComplete: "off" }}
        />
        <Field label="Colegio" name="colegio">
          <select className="ui-input" defaultValue={data.values.colegio}>
            <option value={TODOS}>TODOS</option>
            {data.colegios.map((c) => (
              <option key={c.sptpmdescr} value={c.sptpmdescr}>
                {c.sptpmdescr}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="ui-button ui-button--primary" disabled={busy}>
          Buscar
        </button>
      </Form>
      {data.aviso ? <Alert severity="info">{data.aviso}</Alert> : null}
      {data.searched ? (
        <div className="padron-profesionales-results">
          <DataTable
            columns={COLUMNS}
            rows={data.prestadores}
            rowKey="key"
            caption="Padrón de profesionales"
            captionHidden
          />
          <Pager
            page={data.page}
            size={PAGE_SIZE}
            total={data.total}
            hrefFor={hrefFor}
            statusPrefix="Página"
            label="Paginación del padrón"
          />
        </div>
      ) : null}
    </section>
  );
}
