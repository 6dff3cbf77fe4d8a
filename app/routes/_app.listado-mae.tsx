// 'Listado MAE' (spec part 2 §2, §9): the MAE fichas of a school year (2024 by default) with the five filters, 20 per
// page, their students, and the options to open each ficha or migrate it to the next school year.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { parseInput, queryOf, type FieldError } from "~/lib/input";
import { ListadoMaeFiltros, ListadoMaeTabla, type FiltroValores } from "~/modules/mae/components/ListadoMae";
import type { FichaVista } from "~/modules/mae/components/types";
import { MaeFiltroSchema } from "~/modules/mae/mae.schema";
import { listFichas } from "~/modules/mae/mae.server";
import { ANIO_LECTIVO_DEFAULT, PAGE_SIZE } from "~/modules/mae/rules";
import styles from "~/styles/mae.css";

const TITLE = "Listado MAE";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const FILTROS = ["apeynom_mae", "dni_mae", "dni_alumno", "apeynom_alumno", "anio_lectivo"] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/listado-mae");
  const raw = queryOf(request);
  const values = Object.fromEntries(FILTROS.map((k) => [k, String(raw[k] ?? "").slice(0, 100)])) as FiltroValores;
  if (!values.anio_lectivo) values.anio_lectivo = String(ANIO_LECTIVO_DEFAULT);
  const parsed = parseInput(MaeFiltroSchema, { ...raw, size: String(PAGE_SIZE) });
  if (!parsed.ok) {
    return json(
      { values, errors: parsed.errors, fichas: [] as FichaVista[], total: 0, page: 0, query: "" },
      { status: 400 },
    );
  }
  const f = parsed.data;
  const { fichas, total_records } = await listFichas(f);
  const query = new URLSearchParams();
  for (const k of FILTROS) if (f[k] != null && f[k] !== "") query.set(k, String(f[k]));
  return json({
    values,
    errors: [] as FieldError[],
    fichas,
    total: total_records,
    page: f.page,
    query: query.toString(),
  });
}

export default function ListadoMae() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const hrefForPage = (page: number) => `/listado-mae?${data.query}${page > 0 ? `&page=${page}` : ""}`;
  return (
    <section className="screen mae-screen">
      <h2 className="screen-title">{TITLE}</h2>
      <ListadoMaeFiltros key={location.search} values={data.values} errors={data.errors} />
      {data.errors.length === 0 ? (
        <ListadoMaeTabla
          fichas={data.fichas}
          total={data.total}
          page={data.page}
          size={PAGE_SIZE}
          hrefForPage={hrefForPage}
        />
      ) : null}
    </section>
  );
}
