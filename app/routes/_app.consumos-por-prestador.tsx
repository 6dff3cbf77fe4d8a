// 'OSEP / Consulta de Consumos de Prestadores' (spec part 2 §2, §5, §8; docs/decisions/014-provider-consumption.md):
// tabs 'Consumos por Efector' (professional search → provider code, period, practices with counts, drill-down to
// the consumed authorisations) and 'Ranking de Consumos'. GET forms: the URL holds the tab, the filters, the
// search run (buscar) and the open practice; each tab's filters are also kept in localStorage and restored when
// the URL has none. Reports read the reporting snapshot; the professional search reads Postgres.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  useFetchers,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { requireScreen } from "~/auth/guards.server";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { parseInput, type FieldError } from "~/lib/input";
import { ConsumosEfectorTab } from "~/modules/estadisticas/components/ConsumosEfectorTab";
import { ConsumosErrorPopup } from "~/modules/estadisticas/components/ConsumosErrorPopup";
import { ConsumosRankingTab } from "~/modules/estadisticas/components/ConsumosRankingTab";
import { ConsumosTabs } from "~/modules/estadisticas/components/ConsumosTabs";
import { consumosEfector, listadoConsumos, rankingConsumos } from "~/modules/estadisticas/consumos.server";
import {
  BUSCAR_CONSUMOS,
  BUSCAR_PROF,
  BUSCAR_RANKING,
  ConsumosEfectorSchema,
  EFECTOR_KEYS,
  hasFilterParams,
  ListadoConsumosSchema,
  RANKING_KEYS,
  RankingConsumosSchema,
  screenHref,
  screenValues,
  SCREEN_PATH,
  STORAGE_KEY_EFECTOR,
  STORAGE_KEY_RANKING,
  storedQuery,
  tabOf,
  TAB_EFECTOR,
  TAB_RANKING,
  type Aviso,
  type ConsumosTab,
} from "~/modules/estadisticas/consumos.schema";
import { efectorByCodigo } from "~/modules/estadisticas/efectores.server";
import { BuscarProfSchema } from "~/modules/prestadores/profesionales.schema";
import { searchProfesionales } from "~/modules/prestadores/profesionales.server";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import styles from "~/styles/consumos.css";

const TITLE = "OSEP / Consulta de Consumos de Prestadores";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** A rejected search: its message and each field's, under the screen's field names (`rename`). */
function aviso(
  form: Aviso["form"],
  rejected: { msg: string; errors: FieldError[] },
  rename: Record<string, string> = {},
): Aviso {
  const errors = Object.fromEntries(rejected.errors.map((e) => [rename[e.param] ?? e.param, e.msg]));
  return { form, msg: rejected.msg, errors };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params);
  const values = screenValues(params);
  const buscar = params.get("buscar");
  const base = {
    tab,
    values,
    snapshot: reportSnapshot(user, request),
    efector: values.codigo_efector ? await efectorByCodigo(values.codigo_efector) : null,
    searched: null as Aviso["form"] | null,
    aviso: null as Aviso | null,
    error: null as string | null,
    profesionales: null as Awaited<ReturnType<typeof searchProfesionales>> | null,
    consumos: null as {
      rows: Extract<Awaited<ReturnType<typeof consumosEfector>>, { ok: true }>["value"];
      datos_al: string;
    } | null,
    listado: null as {
      practica: string;
      subitem: string | null;
      descpractica: string;
      rows: Extract<Awaited<ReturnType<typeof listadoConsumos>>, { ok: true }>["value"]["rows"];
      truncado: boolean;
    } | null,
    ranking: null as {
      rows: Extract<Awaited<ReturnType<typeof rankingConsumos>>, { ok: true }>["value"];
      datos_al: string;
    } | null,
  };

  if (buscar === BUSCAR_PROF) {
    const parsed = parseInput(BuscarProfSchema, values);
    if (!parsed.ok) return json({ ...base, aviso: aviso(BUSCAR_PROF, parsed) }, { status: 400 });
    return json({ ...base, searched: BUSCAR_PROF, profesionales: await searchProfesionales(parsed.data) });
  }

  if (buscar === BUSCAR_CONSUMOS) {
    const parsed = parseInput(ConsumosEfectorSchema, values);
    if (!parsed.ok) return json({ ...base, aviso: aviso(BUSCAR_CONSUMOS, parsed) }, { status: 400 });
    const r = await consumosEfector(parsed.data);
    if (!r.ok) return json({ ...base, error: r.msg }, { status: 503 });
    const out = { ...base, searched: BUSCAR_CONSUMOS, consumos: { rows: r.value, datos_al: r.datos_al } };
    if (!params.has("practica")) return json(out);
    const lp = parseInput(ListadoConsumosSchema, {
      ...parsed.data,
      practica: params.get("practica") ?? "",
      subitem: params.get("subitem") ?? undefined,
    });
    if (!lp.ok) return json({ ...out, error: lp.msg }, { status: 400 });
    const l = await listadoConsumos(lp.data);
    if (!l.ok) return json({ ...out, error: l.msg }, { status: 503 });
    const row = r.value.find(
      (x) => x.practica === lp.data.practica && (lp.data.subitem == null || x.subitem === lp.data.subitem),
    );
    return json({
      ...out,
      listado: {
        practica: lp.data.practica,
        subitem: lp.data.subitem ?? null,
        descpractica: row?.descpractica ?? lp.data.practica,
        rows: l.value.rows,
        truncado: l.value.truncado,
      },
    });
  }

  if (buscar === BUSCAR_RANKING) {
    const input = { fecha_desde: values.ranking_desde, fecha_hasta: values.ranking_hasta };
    const parsed = parseInput(RankingConsumosSchema, input);
    if (!parsed.ok) {
      const renamed = { fecha_desde: "ranking_desde", fecha_hasta: "ranking_hasta" };
      return json({ ...base, aviso: aviso(BUSCAR_RANKING, parsed, renamed) }, { status: 400 });
    }
    const r = await rankingConsumos(parsed.data);
    if (!r.ok) return json({ ...base, error: r.msg }, { status: 503 });
    return json({ ...base, searched: BUSCAR_RANKING, ranking: { rows: r.value, datos_al: r.datos_al } });
  }

  return json(base);
}

/** Switching tabs only changes ?tab=: nothing to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    p.delete("tab");
    p.sort();
    return p.toString();
  };
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate;
};

function readStored(key: string): URLSearchParams {
  try {
    return new URLSearchParams(window.localStorage.getItem(key) ?? "");
  } catch {
    return new URLSearchParams();
  }
}

function store(key: string, query: string): void {
  try {
    window.localStorage.setItem(key, query);
  } catch {
    /* storage full or disabled: the URL still holds the filters */
  }
}

/** The query to restore from both keys: the active tab's search runs when its saved filters are complete. */
function restoredQuery(tab: ConsumosTab): string | null {
  const efector = readStored(STORAGE_KEY_EFECTOR);
  const ranking = readStored(STORAGE_KEY_RANKING);
  if ([...efector.keys()].length === 0 && [...ranking.keys()].length === 0) return null;
  const p = new URLSearchParams({ tab });
  for (const k of EFECTOR_KEYS) if (efector.get(k)) p.set(k, efector.get(k)!);
  for (const k of RANKING_KEYS) if (ranking.get(k)) p.set(k, ranking.get(k)!);
  if (tab === TAB_EFECTOR) {
    if (p.get("codigo_efector") && p.get("fecha_desde") && p.get("fecha_hasta")) p.set("buscar", BUSCAR_CONSUMOS);
    else if (p.get("apellido") || p.get("nombre")) p.set("buscar", BUSCAR_PROF);
  } else if (p.get("ranking_desde") && p.get("ranking_hasta")) p.set("buscar", BUSCAR_RANKING);
  return p.toString();
}

export default function ConsumosPorPrestador() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const tab = tabOf(params);
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;

  // Restore the saved filters on load when the URL has none. Wait for the fetchers started on mount (the
  // SnapshotBar's status) to settle: a navigation that interrupts a fetcher of a route not discovered yet
  // ends in a 404 (Remix lazy route discovery).
  const [mounted, setMounted] = useState(false);
  const restoreDone = useRef(false);
  const fetchersBusy = useFetchers().some((f) => f.state !== "idle");
  useEffect(() => setMounted(true), []);
  useEffect(() => {
    if (!mounted || fetchersBusy || restoreDone.current) return;
    restoreDone.current = true;
    const here = new URLSearchParams(window.location.search);
    if (hasFilterParams(here)) return;
    const q = restoredQuery(tabOf(here));
    if (q) navigate(`${SCREEN_PATH}?${q}`, { replace: true });
  }, [mounted, fetchersBusy, navigate]);

  // Save each tab's filters after a valid search of that tab.
  useEffect(() => {
    const here = new URLSearchParams(location.search);
    if (data.searched === BUSCAR_RANKING) store(STORAGE_KEY_RANKING, storedQuery(RANKING_KEYS, here));
    else if (data.searched) store(STORAGE_KEY_EFECTOR, storedQuery(EFECTOR_KEYS, here));
  }, [data.searched, location.search]);

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
  const closeError = `${SCREEN_PATH}?${(() => {
    const p = new URLSearchParams(location.search);
    p.delete("practica");
    p.delete("subitem");
    if (data.error && !data.consumos) p.delete("buscar");
    return p.toString();
  })()}`;

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
                efectorHref={(codigo) =>
                  screenHref(
                    TAB_EFECTOR,
                    {
                      codigo_efector: codigo,
                      fecha_desde: data.values.ranking_desde,
                      fecha_hasta: data.values.ranking_hasta,
                      ranking_desde: data.values.ranking_desde,
                      ranking_hasta: data.values.ranking_hasta,
                    },
                    { buscar: BUSCAR_CONSUMOS },
                  )
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
