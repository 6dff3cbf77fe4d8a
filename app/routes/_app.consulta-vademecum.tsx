// 'Consulta de Vademecum' (spec part 2 §2, §3, §5, §8, §9; ADR 036): a GET form of eight text filters (the URL holds
// them and the page) and the results, 5 a page from page 0 with Atrás / Siguiente. At least one filter needs 3
// characters: with JavaScript the form checks it and opens the dialog without a request; without JavaScript (or a
// typed URL) the loader runs the same check, runs no query and answers the same dialog as an inline panel.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { requireScreen } from "~/auth/guards.server";
import { Busy, Dialog, DialogClose, PagedTable, UrlDialog } from "~/components/ui";
import { parseInput, queryOf, type FieldError } from "~/lib/input";
import { VademecumFilters, type VademecumFilterValues } from "~/modules/vademecum/components/VademecumFilters";
import { VADEMECUM_COLUMNS } from "~/modules/vademecum/components/VademecumColumns";
import {
  FILTROS_VACIOS_TEXTO,
  FILTROS_VACIOS_TITULO,
  MAX_FILTRO,
  PAGE_SIZE,
  VADEMECUM_FILTROS,
  type VademecumRow,
} from "~/modules/vademecum/rules";
import { VademecumQuerySchema } from "~/modules/vademecum/vademecum.schema";
import { buscarVademecum } from "~/modules/vademecum/vademecum.server";
import styles from "~/styles/catalogos.css";

const TITLE = "Consulta de Vademecum";
const PATH = "/consulta-vademecum";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Data = {
  values: VademecumFilterValues;
  errors: FieldError[];
  /** The 3-character rule failed on the server (no query ran). */
  filtrosVacios: boolean;
  /** null before a search. */
  resultado: VademecumRow[] | null;
  total: number;
  page: number;
  size: number;
  /** The search as a query string, for the pager's links. */
  query: string;
};

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, PATH);
  const raw = queryOf(request);
  const values = Object.fromEntries(
    VADEMECUM_FILTROS.map((k) => [k, String(raw[k] ?? "").slice(0, MAX_FILTRO)]),
  ) as VademecumFilterValues;
  const base: Data = {
    values,
    errors: [],
    filtrosVacios: false,
    resultado: null,
    total: 0,
    page: 0,
    size: PAGE_SIZE,
    query: "",
  };
  const searched = "search" in raw || VADEMECUM_FILTROS.some((k) => k in raw);
  if (!searched) return json(base);
  const parsed = parseInput(VademecumQuerySchema, raw);
  if (!parsed.ok) return json({ ...base, errors: parsed.errors }, { status: 400 });
  const q = parsed.data;
  const result = await buscarVademecum(q);
  if (!result.ok) return json({ ...base, filtrosVacios: true }, { status: result.status });
  const params = new URLSearchParams({ search: "true" });
  for (const k of VADEMECUM_FILTROS) if (q[k]) params.set(k, q[k]);
  if (q.size !== PAGE_SIZE) params.set("size", String(q.size));
  return json({
    ...base,
    resultado: result.resultado,
    total: result.total_records,
    page: q.page,
    size: q.size,
    query: params.toString(),
  });
}

export default function ConsultaVademecum() {
  const data = useLoaderData<typeof loader>() as Data;
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
