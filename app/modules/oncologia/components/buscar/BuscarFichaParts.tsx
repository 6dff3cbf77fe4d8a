// Pieces of the 'Buscar Ficha' screen (the route composes them): the saved filters (localStorage), the delete
// outcome message, the results and the detail dialog.
import { useNavigate } from "@remix-run/react";
import { useEffect, type ComponentProps } from "react";
import { Alert, Dialog, InlinePanel, useAutoHide } from "~/components/ui";
import { DELETED_TITLE } from "./EliminarFicha";
import { FichaDetalle } from "./FichaDetalle";
import { FichasTable, type FichaRow } from "./FichasTable";
import { hasFilterParams, readSaved, screenHref, STORAGE_KEY } from "~/modules/oncologia/buscar-query";

const DETAIL_TITLE = "Detalle de la Ficha";

type Detail = ComponentProps<typeof FichaDetalle>["f"];

/** Restores the saved filters on load when the URL has none; saves them on every search (`key`: the URL's query). */
export function useSavedFilters(searched: boolean, query: string, key: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (hasFilterParams(params) || params.has("ver") || params.has("eliminar")) return;
    const saved = readSaved(window.localStorage);
    if (saved) navigate(screenHref(saved), { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (!searched) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, query);
    } catch {
      /* storage full or disabled: the URL still holds the filters */
    }
  }, [searched, query, key]);
}

/** 'Limpiar': the saved filters are forgotten. */
export function forgetSavedFilters(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* ignore */
  }
}

export function DeleteOutcome({ result }: { result: { ok: boolean; msg: string } | undefined }) {
  const shown = useAutoHide(result, 3000);
  if (!shown) return null;
  return shown.ok ? (
    <Alert severity="success" title={DELETED_TITLE}>
      {shown.msg}
    </Alert>
  ) : (
    <Alert severity="error" title="Error al eliminar la ficha">
      {shown.msg}
    </Alert>
  );
}

/** The cases found (with the note when the list is cut at the limit). */
export function ResultadosFichas(props: {
  fichas: FichaRow[];
  limited: boolean;
  query: string;
  operations: string[];
  onView?: (row: FichaRow) => void;
  onDelete?: (row: FichaRow) => void;
}) {
  const { query } = props;
  return (
    <>
      {props.limited ? (
        <p className="buscar-ficha-note">Se muestran las primeras {props.fichas.length} fichas: refine los filtros.</p>
      ) : null}
      <FichasTable
        rows={props.fichas}
        operations={props.operations}
        viewHref={(id) => screenHref(query, { ver: id })}
        deleteHref={(id) => screenHref(query, { eliminar: id })}
        onView={props.onView}
        onDelete={props.onDelete}
      />
    </>
  );
}

/** The full-screen detail dialog (with JavaScript): loading, the case, or why there is none. */
export function DetalleDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  detail: Detail | null;
  detailMsg: string | null;
}) {
  const { detail, detailMsg } = props;
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={detail ? `Ficha ${detail.nro_ficha}` : DETAIL_TITLE}
      fullScreen
    >
      {props.loading ? (
        <p>Cargando...</p>
      ) : detail ? (
        <FichaDetalle f={detail} />
      ) : detailMsg ? (
        <Alert severity="error">{detailMsg}</Alert>
      ) : null}
    </Dialog>
  );
}

/** The detail without JavaScript (?ver=N): a panel in the page with the case, or why there is none. */
export function DetalleInline(props: { detail: Detail | null; detailMsg: string | null; closeHref: string }) {
  if (!props.detail && !props.detailMsg) return null;
  return (
    <InlinePanel
      id="ficha-inline-title"
      title={DETAIL_TITLE}
      closeHref={props.closeHref}
      className="buscar-ficha-inline"
    >
      {props.detail ? <FichaDetalle f={props.detail} /> : <Alert severity="error">{props.detailMsg}</Alert>}
    </InlinePanel>
  );
}
