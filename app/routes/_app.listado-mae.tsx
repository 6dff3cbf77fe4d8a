// 'Listado MAE' (spec part 2 §2, §9): the MAE fichas of a school year (2024 by default) with the five filters, 20 per
// page, their students, and the options to open each ficha or migrate it to the next school year.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { ListadoMaeFiltros, ListadoMaeTabla } from "~/modules/mae/components/ListadoMae";
import { PAGE_SIZE } from "~/modules/mae/rules";
import { listadoMaeScreen } from "~/modules/mae/screen/listado.server";
import styles from "~/styles/mae.css";

const TITLE = "Listado MAE";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/listado-mae");
  return listadoMaeScreen(request);
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
