// 'Buscar Ficha' (spec part 1 §2–§6): GET filter form (the URL holds the filters; also saved in localStorage on
// search and restored on load), results with status chips and the options of §6, the full-screen detail (?ver=N
// without JavaScript), delete with the confirmation of operation 7 (?eliminar=N without JavaScript), the PDF export
// of operation 3 (the 'Exportar a PDF' button only for its holders; buscar-ficha.report[.pdf].ts enforces it).
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { can, requireOperation, requireScreen } from "~/auth/guards.server";
import { Alert, Busy, Dialog, InlinePanel, useAutoHide, useHydrated } from "~/components/ui";
import { parseInput, type FieldError } from "~/lib/input";
import { listOrganos } from "~/modules/oncologia/catalogos.server";
import {
  ConfirmarEliminacion,
  DELETE_INTENT,
  DELETED_TITLE,
  EliminarDialog,
  type DeleteTarget,
} from "~/modules/oncologia/components/buscar/EliminarFicha";
import { FichaDetalle } from "~/modules/oncologia/components/buscar/FichaDetalle";
import { FichaFilters } from "~/modules/oncologia/components/buscar/FichaFilters";
import { FichasTable, type FichaRow } from "~/modules/oncologia/components/buscar/FichasTable";
import {
  filterQuery,
  hasFilterParams,
  rawFilter,
  readSaved,
  REPORT_PATH,
  screenHref,
  STORAGE_KEY,
  TODOS,
  type FilterValues,
} from "~/modules/oncologia/components/buscar/query";
import {
  FICHA_MSG,
  FICHAS_LIMIT,
  getFicha,
  inactivarFicha,
  recordFichaView,
  searchFichas,
  type FichaDetail,
} from "~/modules/oncologia/fichas.server";
import { OP } from "~/auth/operations";
import { fichaIdSchema, FichaFilterSchema } from "~/modules/oncologia/fichas.schema";
import styles from "~/styles/oncologia-buscar.css";

const TITLE = "Buscar Ficha";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const DETAIL_TITLE = "Detalle de la Ficha";
const CASE_OPS = [OP.MODIFICAR_FICHA, OP.ELIMINAR_FICHA, OP.CAMBIO_MEDICAMENTO, OP.REINGRESO];

/**
 * The filter of the URL: values for the form (as typed; organ and status as the search reads them), the parsed
 * filter (null when invalid) and the field errors.
 */
function readFilter(params: URLSearchParams) {
  const raw = rawFilter(params);
  const parsed = parseInput(FichaFilterSchema, raw);
  const { organoId, estado_ficha } = FichaFilterSchema.shape;
  const values: FilterValues = {
    afi_dni: raw.afi_dni ?? "",
    fecha_desde: raw.fecha_desde ?? "",
    fecha_hasta: raw.fecha_hasta ?? "",
    // A bad organ shows TODOS in the select, with the field's error (no search runs).
    organoId: organoId.safeParse(raw.organoId).data ?? TODOS,
    estado_ficha: estado_ficha.parse(raw.estado_ficha),
  };
  const errors: FieldError[] = parsed.ok ? [] : parsed.errors;
  return { values, filter: parsed.ok ? parsed.data : null, errors };
}

async function activeFicha(id: string | null): Promise<FichaDetail | null> {
  const parsed = parseInput(fichaIdSchema, id);
  if (!parsed.ok) return null;
  const f = await getFicha(parsed.data);
  return f && f.activo ? f : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/buscar-ficha");
  const params = new URL(request.url).searchParams;
  const searched = hasFilterParams(params);
  const { values, filter, errors } = readFilter(params);
  const [organos, fichas] = await Promise.all([
    listOrganos(),
    searched && filter ? searchFichas(filter) : Promise.resolve([]),
  ]);

  let detail: FichaDetail | null = null;
  let detailMsg: string | null = null;
  if (params.has("ver")) {
    detail = await activeFicha(params.get("ver"));
    if (detail) await recordFichaView(user, detail.id);
    else detailMsg = FICHA_MSG.NOT_FOUND;
  }
  let confirm: DeleteTarget | null = null;
  if (params.has("eliminar") && can(user, OP.ELIMINAR_FICHA)) {
    const f = await activeFicha(params.get("eliminar"));
    confirm = f && f.editable ? { id: f.id, nro_ficha: f.nro_ficha, afi_nombre: f.afi_nombre } : null;
  }
  return json({
    values,
    errors,
    searched: searched && filter != null,
    query: filter ? filterQuery(values) : "",
    fichas,
    limited: fichas.length >= FICHAS_LIMIT,
    organos,
    operations: CASE_OPS.filter((c) => can(user, c)),
    canExport: can(user, OP.EXPORTAR_FICHAS_PDF),
    detail,
    detailMsg,
    confirm,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.ELIMINAR_FICHA, "/buscar-ficha");
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") !== DELETE_INTENT)
    return json({ ok: false as const, msg: "Operación no válida" }, { status: 400 });
  const id = parseInput(fichaIdSchema, form.get("id"));
  if (!id.ok) return json({ ok: false as const, msg: id.msg }, { status: 400 });
  const out = await inactivarFicha(id.data, user);
  if (!out.ok) return json({ ok: false as const, msg: out.msg }, { status: out.status });
  return json({ ok: true as const, msg: FICHA_MSG.DELETED });
}

type ActionResult = { ok: boolean; msg: string };

function DeleteOutcome({ result }: { result: ActionResult | undefined }) {
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
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (hasFilterParams(params) || params.has("ver") || params.has("eliminar")) return;
    const saved = readSaved(window.localStorage);
    if (saved) navigate(screenHref(saved), { replace: true });
  }, [navigate]);
  useEffect(() => {
    if (!data.searched) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, data.query);
    } catch {
      /* storage full or disabled: the URL still holds the filters */
    }
  }, [data.searched, data.query, location.search]);

  const forget = () => {
    try {
      window.localStorage.removeItem(STORAGE_KEY);
    } catch {
      /* ignore */
    }
  };
  const exportPdf = (form: HTMLFormElement) => {
    const q = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (typeof v === "string") q.set(k, v.trim());
    const a = document.createElement("a");
    a.href = `${REPORT_PATH}?${q}`;
    a.download = "report.pdf";
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
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
  const outcome = (deleteFetcher.data ?? actionData) as ActionResult | undefined;

  return (
    <section className="screen buscar-ficha">
      <FichaFilters
        key={location.search}
        values={data.values}
        organos={data.organos}
        errors={data.errors}
        onClear={hydrated ? forget : undefined}
        canExport={data.canExport}
        onExport={hydrated ? exportPdf : undefined}
      />
      <DeleteOutcome result={outcome} />
      {data.confirm ? (
        <ConfirmarEliminacion
          target={data.confirm}
          action={screenHref(data.query)}
          cancelHref={screenHref(data.query)}
        />
      ) : null}
      {!hydrated && (data.detail || data.detailMsg) ? (
        <InlinePanel
          id="ficha-inline-title"
          title={DETAIL_TITLE}
          closeHref={screenHref(data.query)}
          className="buscar-ficha-inline"
        >
          {data.detail ? <FichaDetalle f={data.detail} /> : <Alert severity="error">{data.detailMsg}</Alert>}
        </InlinePanel>
      ) : null}
      {data.searched ? (
        <>
          {data.limited ? (
            <p className="buscar-ficha-note">
              Se muestran las primeras {data.fichas.length} fichas: refine los filtros.
            </p>
          ) : null}
          <FichasTable
            rows={data.fichas}
            operations={data.operations}
            viewHref={(id) => screenHref(data.query, { ver: id })}
            deleteHref={(id) => screenHref(data.query, { eliminar: id })}
            onView={hydrated ? openDetail : undefined}
            onDelete={
              hydrated ? (r) => setToDelete({ id: r.id, nro_ficha: r.nro_ficha, afi_nombre: r.afi_nombre }) : undefined
            }
          />
        </>
      ) : null}
      {hydrated ? (
        <>
          <Dialog
            open={dialogOpen}
            onOpenChange={closeDetail}
            title={detail ? `Ficha ${detail.nro_ficha}` : DETAIL_TITLE}
            fullScreen
          >
            {detailFetcher.state === "loading" ? (
              <p>Cargando...</p>
            ) : detail ? (
              <FichaDetalle f={detail} />
            ) : detailMsg ? (
              <Alert severity="error">{detailMsg}</Alert>
            ) : null}
          </Dialog>
          <EliminarDialog target={toDelete} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
        </>
      ) : null}
      <Busy busy={busy} fullScreen />
    </section>
  );
}
