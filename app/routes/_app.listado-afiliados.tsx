// 'Listados de afiliados' (spec part 1 §2): GET form (the URL holds filters and page), paged table of 20 with red
// inactive/expired rows, reciprocity agreement dialog (inline block with ?convenio= without JavaScript), and the
// streamed Excel export of the whole filtered list (operation 5).
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { can, requireScreen } from "~/auth/guards.server";
import { useHydrated } from "~/components/ui";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, type FieldError } from "~/lib/input";
import { ConvenioDialog, ConvenioInline } from "~/modules/afiliados/components/listado/ConvenioVista";
import { ListadoFilters } from "~/modules/afiliados/components/listado/ListadoFilters";
import { ListadoTable } from "~/modules/afiliados/components/listado/ListadoTable";
import { filterToParams, ListadoQuerySchema, PAGE_SIZE } from "~/modules/afiliados/listado.schema";
import { listAfiliados, motivosBaja, openConvenio } from "~/modules/afiliados/listado.server";
import styles from "~/styles/listado-afiliados.css";
import type { loader as convenioLoader } from "~/routes/listado-afiliados.convenio.$idafi";
import { OP } from "~/auth/operations";
import type { ConvenioDetalle as Convenio } from "~/modules/afiliados/listado.schema";

export const handle = { title: "Listados de afiliados" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const EXPORT_PATH = "/listado-afiliados/exportar.xlsx";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-afiliados");
  const raw = queryOf(request);
  const canExport = can(user, OP.EXPORTAR_LISTADO_AFILIADOS);
  const motivos = await motivosBaja();
  const parsed = parseInput(ListadoQuerySchema, raw);
  if (!parsed.ok) {
    const { errors } = parsed;
    const values = {
      afi_dni: String(raw.afi_dni ?? "").slice(0, 9),
      nombre: String(raw.nombre ?? "").slice(0, 100),
      ver_solo_afi_inactivo: raw.ver_solo_afi_inactivo === "true",
      motivo_de_baja: null,
    };
    return json(
      {
        ok: false as const,
        errors,
        values,
        motivos,
        canExport,
        today: todayISO(),
        listado: [],
        total: 0,
        page: 0,
        size: PAGE_SIZE,
        query: "",
        convenio: null,
        convenioMsg: null,
      },
      { status: 400 },
    );
  }
  const q = parsed.data;
  let convenio: Convenio | null = null;
  let convenioMsg: string | null = null;
  if (raw.convenio != null) {
    const opened = await openConvenio(user, raw.convenio);
    if (opened.ok) convenio = opened.convenio;
    else convenioMsg = opened.msg;
  }
  const { listado, total } = await listAfiliados(q);
  return json({
    ok: true as const,
    errors: [] as FieldError[],
    values: q,
    motivos,
    canExport,
    today: todayISO(),
    listado,
    total: total ?? 0,
    page: q.page,
    size: q.size,
    query: filterToParams(q).toString(),
    convenio,
    convenioMsg,
  });
}

/** Query string of the live form: every filled field (the disabled reason select is not in FormData). */
function formQuery(form: HTMLFormElement): string {
  const p = new URLSearchParams();
  for (const [k, v] of new FormData(form))
    if (typeof v === "string" && v.trim() !== "" && !(k === "motivo_de_baja" && v === "-1")) p.set(k, v.trim());
  return p.toString();
}

const withQuery = (path: string, ...parts: string[]) => {
  const q = parts.filter(Boolean).join("&");
  return q ? `${path}?${q}` : path;
};

export default function ListadoAfiliados() {
  const data = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof convenioLoader>();
  const [dirty, setDirty] = useState(false);
  const [inactive, setInactive] = useState(data.values.ver_solo_afi_inactivo);
  const [draftQuery, setDraftQuery] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(Boolean(data.convenio || data.convenioMsg));

  // A new search (URL) shows its results again and resets the filter state to the URL's.
  useEffect(() => {
    setDirty(false);
    setDraftQuery(null);
    setInactive(data.values.ver_solo_afi_inactivo);
  }, [location.search, data.values.ver_solo_afi_inactivo]);

  const pageHref = (page: number) => withQuery("/listado-afiliados", data.query, page > 0 ? `page=${page}` : "");
  const convenioHref = (idafi: number) =>
    withQuery("/listado-afiliados", data.query, data.page > 0 ? `page=${data.page}` : "", `convenio=${idafi}`);
  const exportHref = data.canExport ? withQuery(EXPORT_PATH, draftQuery ?? data.query) : null;

  const openConvenio = (idafi: number, e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    fetcher.load(`/listado-afiliados/convenio/${idafi}`);
    setDialogOpen(true);
  };
  const closeDialog = (open: boolean) => {
    if (open) return;
    setDialogOpen(false);
    if (new URLSearchParams(location.search).has("convenio")) {
      navigate(pageHref(data.page), { replace: true, preventScrollReset: true });
    }
  };

  const fetched = fetcher.data;
  const shown = fetched ? ("convenio" in fetched ? fetched.convenio : null) : data.convenio;
  const shownMsg = fetched ? ("msg" in fetched ? fetched.msg : null) : data.convenioMsg;

  return (
    <section className="screen listado-afiliados">
      <ListadoFilters
        key={location.search}
        values={data.values}
        motivos={data.motivos}
        errors={data.errors}
        motivoEnabled={hydrated ? inactive : true}
        onInactiveChange={setInactive}
        onChange={(form) => {
          setDirty(true);
          setDraftQuery(formQuery(form));
        }}
        exportHref={exportHref}
      />
      {!hydrated ? (
        <ConvenioInline convenio={data.convenio} msg={data.convenioMsg} closeHref={pageHref(data.page)} />
      ) : null}
      {data.ok && !dirty ? (
        <ListadoTable
          rows={data.listado}
          total={data.total}
          page={data.page}
          size={data.size}
          today={data.today}
          hrefForPage={pageHref}
          hrefForConvenio={convenioHref}
          onConvenio={hydrated ? openConvenio : undefined}
        />
      ) : null}
      {hydrated ? (
        <ConvenioDialog
          open={dialogOpen}
          onOpenChange={closeDialog}
          loading={fetcher.state === "loading"}
          convenio={shown}
          msg={shownMsg}
        />
      ) : null}
    </section>
  );
}
