// 'OSEP / Consulta de Consumos de Prestadores' (spec part 2 §2, §5, §8; docs/decisions/014-provider-consumption.md):
// tabs 'Consumos por Efector' (professional search → provider code, period, practices with counts, drill-down to
// the consumed authorisations) and 'Ranking de Consumos'. GET forms: the URL holds the tab, the filters, the
// search run (buscar) and the open practice; each tab's filters are also kept in localStorage and restored when
// the URL has none (components/consumosStorage.ts). Reports read the reporting snapshot; the professional search
// reads Postgres. The search runs in the screen's adapter, app/modules/estadisticas/screen/consumos.server.ts.
import { AUTORIZACIONES, PRACTICAS, RANKING } from "~/modules/estadisticas/reports/consumos.columns";
import { withTableState } from "~/modules/reporting/report-columns";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { ConsumosEfectorTab } from "~/modules/estadisticas/components/ConsumosEfectorTab";
import { ConsumosErrorPopup } from "~/modules/estadisticas/components/ConsumosErrorPopup";
import { ConsumosRankingTab } from "~/modules/estadisticas/components/ConsumosRankingTab";
import { ConsumosTabs } from "~/modules/estadisticas/components/ConsumosTabs";
import { useStoredFilters } from "~/modules/estadisticas/components/consumosStorage";
import {
  BUSCAR_CONSUMOS,
  BUSCAR_RANKING,
  consumosPdfHref,
  screenHref,
  SCREEN_PATH,
  tabOf,
  TAB_EFECTOR,
  TAB_RANKING,
  type ConsumosTab,
} from "~/modules/estadisticas/consumos.schema";
import { consumosScreen } from "~/modules/estadisticas/screen/consumos.server";
import styles from "~/styles/consumos.css";

const TITLE = "OSEP / Consulta de Consumos de Prestadores";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  return consumosScreen(request, user);
}

/** Switching tabs only changes ?tab=, a grid's sort or filter its own parameters (ADR 071): nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (!keepLoaderOnGridChange(args)) return false;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    p.delete("tab");
    p.sort();
    return p.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

/** Closing the error popup: the URL without the open practice (and without the search when nothing was found). */
function closeErrorHref(search: string, dropSearch: boolean): string {
  const p = new URLSearchParams(search);
  p.delete("practica");
  p.delete("subitem");
  if (dropSearch) p.delete("buscar");
  return `${SCREEN_PATH}?${p.toString()}`;
}

/** A ranking row's provider: its practices in the 'Consumos por Efector' tab, for the ranking's period. */
function rankingEfectorHref(values: { ranking_desde: string; ranking_hasta: string }, codigo: string): string {
  return screenHref(
    TAB_EFECTOR,
    {
      codigo_efector: codigo,
      fecha_desde: values.ranking_desde,
      fecha_hasta: values.ranking_hasta,
      ranking_desde: values.ranking_desde,
      ranking_hasta: values.ranking_hasta,
    },
    { buscar: BUSCAR_CONSUMOS },
  );
}

/** 'Exportar a PDF' of the practices on screen (with the open practice's list), for holders of operation 35. */
function efectorPdfHref(
  search: string,
  data: {
    canExport: boolean;
    consumos: unknown;
    values: { codigo_efector: string; fecha_desde: string; fecha_hasta: string };
    listado: { practica: string; subitem: string | null } | null;
  },
): string | null {
  if (!data.canExport || !data.consumos) return null;
  const { codigo_efector, fecha_desde, fecha_hasta } = data.values;
  const { practica, subitem } = data.listado ?? {};
  const href = consumosPdfHref(TAB_EFECTOR, { codigo_efector, fecha_desde, fecha_hasta, practica, subitem });
  return withTableState(href, search, [PRACTICAS, AUTORIZACIONES]);
}

export default function ConsumosPorPrestador() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const tab = tabOf(params);
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;

  useStoredFilters(data.searched);

  const onTab = (value: string) => {
    const p = new URLSearchParams(location.search);
    p.set("tab", value === TAB_RANKING ? TAB_RANKING : TAB_EFECTOR);
    navigate(`?${p}`, { replace: true, preventScrollReset: true });
  };
  const tabHref = (value: ConsumosTab) => {
    const p = new URLSearchParams(location.search);
    p.set("tab", value);
    return `${SCREEN_PATH}?${p}`;
  };
  const closeError = closeErrorHref(location.search, !!data.error && !data.consumos);

  return (
    <section className="screen consumos" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <SnapshotBar {...data.snapshot} />
      <ConsumosTabs
        active={tab}
        onChange={onTab}
        items={[
          {
            value: TAB_EFECTOR,
            label: "Consumos por Efector",
            href: tabHref(TAB_EFECTOR),
            content: (
              <ConsumosEfectorTab
                values={data.values}
                efector={data.efector}
                aviso={data.aviso && data.aviso.form !== BUSCAR_RANKING ? data.aviso : null}
                profesionales={data.profesionales}
                consumos={data.consumos}
                listado={data.listado}
                pdfHref={efectorPdfHref(location.search, data)}
                busy={busy}
                href={(values, extra) => screenHref(TAB_EFECTOR, values, extra)}
              />
            ),
          },
          {
            value: TAB_RANKING,
            label: "Ranking de Consumos",
            href: tabHref(TAB_RANKING),
            content: (
              <ConsumosRankingTab
                values={data.values}
                aviso={data.aviso?.form === BUSCAR_RANKING ? data.aviso : null}
                ranking={data.ranking}
                busy={busy}
                efectorHref={(codigo) => rankingEfectorHref(data.values, codigo)}
                pdfHref={
                  data.canExport && data.ranking
                    ? withTableState(
                        consumosPdfHref(TAB_RANKING, {
                          fecha_desde: data.values.ranking_desde,
                          fecha_hasta: data.values.ranking_hasta,
                        }),
                        location.search,
                        [RANKING],
                      )
                    : null
                }
              />
            ),
          },
        ]}
      />
      <ConsumosErrorPopup msg={data.error} closeHref={closeError} />
    </section>
  );
}
