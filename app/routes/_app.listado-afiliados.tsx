// 'Listados de afiliados' (spec part 1 §2): GET form (the URL holds filters and page), paged table of 20 with red
// inactive/expired rows, reciprocity agreement dialog (inline block with ?convenio= without JavaScript), and the
// streamed Excel export of the whole filtered list (operation 5).
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useState, type MouseEvent } from "react";
import { requireScreen } from "~/auth/guards.server";
import { useHydrated } from "~/components/ui";
import { ConvenioDialog, ConvenioInline } from "~/modules/afiliados/components/listado/ConvenioVista";
import { ListadoFilters } from "~/modules/afiliados/components/listado/ListadoFilters";
import { ListadoTable } from "~/modules/afiliados/components/listado/ListadoTable";
import { listadoAfiliadosScreen } from "~/modules/afiliados/screen/listado.server";
import styles from "~/styles/listado-afiliados.css";
import type { loader as convenioLoader } from "~/routes/listado-afiliados.convenio.$idafi";

export const handle = { title: "Listados de afiliados" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const EXPORT_PATH = "/listado-afiliados/exportar.xlsx";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-afiliados");
  return listadoAfiliadosScreen(request, user);
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
