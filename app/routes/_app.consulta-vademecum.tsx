// 'Consulta de Vademecum' (spec part 2 §2, §3, §5, §8, §9; ADR 036): a GET form of eight text filters (the URL holds
// them and the page) and the results, 5 a page from page 0 with Atrás / Siguiente. At least one filter needs 3
// characters: with JavaScript the form checks it and opens the dialog without a request; without JavaScript (or a
// typed URL) the loader runs the same check, runs no query and answers the same dialog as an inline panel.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { requireScreen } from "~/auth/guards.server";
import { Busy, Dialog, DialogClose, PagedTable, UrlDialog } from "~/components/ui";
import type { VademecumScreenData } from "~/modules/vademecum/components/types";
import { VademecumFilters } from "~/modules/vademecum/components/VademecumFilters";
import { VADEMECUM_COLUMNS } from "~/modules/vademecum/components/VademecumColumns";
import { FILTROS_VACIOS_TEXTO, FILTROS_VACIOS_TITULO } from "~/modules/vademecum/rules";
import { vademecumScreen } from "~/modules/vademecum/screen.server";
import styles from "~/styles/catalogos.css";

const TITLE = "Consulta de Vademecum";
const PATH = "/consulta-vademecum";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, PATH);
  return vademecumScreen(request);
}

export default function ConsultaVademecum() {
  const data = useLoaderData<typeof loader>() as VademecumScreenData;
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const [dialog, setDialog] = useState(false);
  const rows = data.resultado?.map((r, n) => ({ ...r, n })) ?? null;
  return (
    <section className="screen vademecum">
      <VademecumFilters
        key={location.search}
        values={data.values}
        errors={data.errors}
        busy={busy}
        onInsufficient={() => setDialog(true)}
      />
      {data.filtrosVacios ? (
        <UrlDialog id="filtros-vacios-title" title={FILTROS_VACIOS_TITULO} closeHref={PATH} size="small">
          <p role="alert">{FILTROS_VACIOS_TEXTO}</p>
        </UrlDialog>
      ) : null}
      <Dialog
        open={dialog}
        onOpenChange={setDialog}
        title={FILTROS_VACIOS_TITULO}
        size="small"
        footer={
          <DialogClose asChild>
            <button type="button" className="ui-button ui-button--primary">
              Aceptar
            </button>
          </DialogClose>
        }
      >
        <p>{FILTROS_VACIOS_TEXTO}</p>
      </Dialog>
      <Busy busy={busy}>
        {rows ? (
          <PagedTable
            columns={VADEMECUM_COLUMNS}
            rows={rows}
            rowKey="n"
            caption="Resultados del vademecum"
            pagerLabel="Paginación del vademecum"
            path={PATH}
            query={data.query}
            page={data.page}
            size={data.size}
            total={data.total}
          />
        ) : null}
      </Busy>
    </section>
  );
}
