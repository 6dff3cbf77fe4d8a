// 'Buscar Ficha' (spec part 1 §2–§6): GET filter form (the URL holds the filters; also saved in localStorage on
// search and restored on load), results with status chips and the options of §6, the full-screen detail (?ver=N
// without JavaScript), delete with the confirmation of operation 7 (?eliminar=N without JavaScript), the PDF export
// of operation 3 (the 'Exportar a PDF' link only for its holders; buscar-ficha.report[.pdf].ts enforces it).
// The screen's adapter is app/modules/oncologia/screen/buscar-ficha.server.ts; its pieces are in oncologia/components/buscar.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { Busy, useHydrated } from "~/components/ui";
import {
  DeleteOutcome,
  DetalleDialog,
  DetalleInline,
  forgetSavedFilters,
  ResultadosFichas,
  useSavedFilters,
} from "~/modules/oncologia/components/buscar/BuscarFichaParts";
import { ConfirmarEliminacion, EliminarDialog } from "~/modules/oncologia/components/buscar/EliminarFicha";
import { FichaFilters } from "~/modules/oncologia/components/buscar/FichaFilters";
import type { FichaRow } from "~/modules/oncologia/components/buscar/FichasTable";
import { screenHref } from "~/modules/oncologia/buscar-query";
import { DELETE_INTENT, type DeleteTarget } from "~/modules/oncologia/fichas.schema";
import {
  BUSCAR_FICHA_SCREEN,
  buscarFichaAction,
  buscarFichaScreen,
} from "~/modules/oncologia/screen/buscar-ficha.server";
import styles from "~/styles/oncologia-buscar.css";

export const handle = { title: "Buscar Ficha" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, BUSCAR_FICHA_SCREEN);
  return buscarFichaScreen(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.ELIMINAR_FICHA, BUSCAR_FICHA_SCREEN);
  return buscarFichaAction(request, user);
}

export default function BuscarFicha() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const detailFetcher = useFetcher<typeof loader>();
  const deleteFetcher = useFetcher<typeof action>();
  const [dialogOpen, setDialogOpen] = useState(Boolean(data.detail || data.detailMsg));
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);

  // Restore the saved filters on load when the URL has none; save them on every search.
  useSavedFilters(data.searched, data.query, location.search);

  const openDetail = (row: FichaRow) => {
    detailFetcher.load(screenHref("", { ver: row.id }));
    setDialogOpen(true);
  };
  const closeDetail = (open: boolean) => {
    if (open) return;
    setDialogOpen(false);
    if (new URLSearchParams(location.search).has("ver"))
      navigate(screenHref(data.query), { replace: true, preventScrollReset: true });
  };
  const confirmDelete = (t: DeleteTarget) => {
    setToDelete(null);
    deleteFetcher.submit(
      { intent: DELETE_INTENT, id: String(t.id) },
      { method: "post", action: screenHref(data.query) },
    );
  };

  const fetched = detailFetcher.data;
  const detail = fetched ? fetched.detail : data.detail;
  const detailMsg = fetched ? fetched.detailMsg : data.detailMsg;
  const busy = navigation.state !== "idle" || deleteFetcher.state !== "idle";
  const outcome = (deleteFetcher.data ?? actionData) as { ok: boolean; msg: string } | undefined;
  const here = screenHref(data.query);

  return (
    <section className="screen buscar-ficha">
      <FichaFilters
        key={location.search}
        values={data.values}
        organos={data.organos}
        errors={data.errors}
        onClear={hydrated ? forgetSavedFilters : undefined}
        canExport={data.canExport}
      />
      <DeleteOutcome result={outcome} />
      {data.confirm ? <ConfirmarEliminacion target={data.confirm} action={here} cancelHref={here} /> : null}
      {!hydrated ? (
        <DetalleInline detail={data.detail} detailMsg={data.detailMsg} closeHref={screenHref(data.query)} />
      ) : null}
      {data.searched ? (
        <ResultadosFichas
          fichas={data.fichas}
          limited={data.limited}
          query={data.query}
          operations={data.operations}
          onView={hydrated ? openDetail : undefined}
          onDelete={
            hydrated ? (r) => setToDelete({ id: r.id, nro_ficha: r.nro_ficha, afi_nombre: r.afi_nombre }) : undefined
          }
        />
      ) : null}
      {hydrated ? (
        <>
          <DetalleDialog
            open={dialogOpen}
            onOpenChange={closeDetail}
            loading={detailFetcher.state === "loading"}
            detail={detail}
            detailMsg={detailMsg}
          />
          <EliminarDialog target={toDelete} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
        </>
      ) : null}
      <Busy busy={busy} fullScreen />
    </section>
  );
}
