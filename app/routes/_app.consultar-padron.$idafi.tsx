// Member detail (nested in 'Consulta de Padrón de Afiliados'): reachable by URL, a full-screen dialog with the
// main panel and the tabs each gated by its operation code. Only the active tab (?tab=) is loaded; every view
// (and tab) is written to the audit log.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { AfiliacionTab } from "~/modules/afiliados/components/AfiliacionTab";
import { AportesTab } from "~/modules/afiliados/components/AportesTab";
import { FichaConsumoTab, fichaConsumoStylesHref } from "~/modules/afiliados/components/FichaConsumoTab";
import { InternacionesTab } from "~/modules/afiliados/components/InternacionesTab";
import { MainPanel } from "~/modules/afiliados/components/MainPanel";
import { DetailTabs, MemberDetail } from "~/modules/afiliados/components/MemberDetail";
import { NotasTab } from "~/modules/afiliados/components/NotasTab";
import { detailHref, searchHref, searchQueryString } from "~/modules/afiliados/padron.schema";
import { memberDetailScreen } from "~/modules/afiliados/screen/detalle.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: fichaConsumoStylesHref }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/consultar-padron");
  return memberDetailScreen(request, user, params.idafi);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.detail.afiliado.apeynom} - Consulta de Padrón de Afiliados` : "Afiliado no encontrado" },
];

export default function AfiliadoDetalle() {
  const { detail, today, qs, tab, tabs, data, constanciaHref, notasExportHref } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const back = searchHref(qs);

  const next = navigation.location;
  const pendingTab = next && next.pathname === location.pathname ? new URLSearchParams(next.search).get("tab") : null;
  const onTab = (value: string) => {
    const params = new URLSearchParams(location.search);
    for (const key of [...params.keys()]) if (!["metodo", "dni", "nroafi", "nombre"].includes(key)) params.delete(key);
    params.set("tab", value);
    navigate(`?${params}`, { preventScrollReset: true, replace: true });
  };

  return (
    <MemberDetail
      title={detail.afiliado.apeynom}
      backHref={back}
      onClose={() => navigate(back, { preventScrollReset: true })}
    >
      <MainPanel
        detail={detail}
        today={today}
        constanciaHref={constanciaHref}
        familyHref={(id) => detailHref(id, qs, tab)}
      />
      <DetailTabs
        tabs={tabs}
        active={tab}
        pending={pendingTab && pendingTab !== tab ? pendingTab : null}
        onChange={onTab}
        content={<TabContent data={data} detail={detail} notasExportHref={notasExportHref} />}
      />
    </MemberDetail>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function TabContent({
  data,
  detail,
  notasExportHref,
}: {
  data: LoaderData["data"];
  detail: LoaderData["detail"];
  /** Only for holders of operation 13 'Exportar notas del afiliado'. */
  notasExportHref: string | null;
}) {
  switch (data.tab) {
    case "afiliacion":
      return <AfiliacionTab afiliado={detail.afiliado} />;
    case "notas":
      return "notas" in data ? <NotasTab notas={data.notas} exportHref={notasExportHref} /> : null;
    case "aportes":
      return "aportes" in data ? <AportesTab aportes={data.aportes} grupo={detail.afiliado.grupo} /> : null;
    case "consumo":
      return "consumo" in data ? <FichaConsumoTab data={data.consumo as never} /> : null;
    case "internaciones":
      return "internaciones" in data ? <InternacionesTab data={data.internaciones as never} /> : null;
    case "laborales":
    case "expedientes":
      return <p className="in-development">En desarrollo...</p>;
    default:
      return null;
  }
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const notFoundError = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="member-detail member-detail--page" role="alert">
      <header className="member-detail-header">
        <h2>{notFoundError ? "Afiliado no encontrado" : "Error al obtener información"}</h2>
      </header>
      <div className="member-detail-body">
        <p>
          {notFoundError
            ? "El afiliado solicitado no existe. Verifique el enlace o realice una nueva búsqueda."
            : "No se pudo obtener la información del afiliado. Intente nuevamente."}
        </p>
        <Link
          to={searchHref(searchQueryString(new URLSearchParams(location.search)))}
          className="ui-button ui-button--secondary"
        >
          Volver a la búsqueda
        </Link>
      </div>
    </section>
  );
}
