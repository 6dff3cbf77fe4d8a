// 'Consulta a Padrón de Planes' (title 'Buscar Afiliados Enrolados', spec part 1 §2/§4/§8/§9; docs/decisions/
// 040-padron-de-planes.md): a GET form (the URL holds the filters and the page) over the enrolments of a coverage
// in the reporting snapshot ('Datos al …'); paged by 20 with Atrás / 'n de m' / Siguiente, the whole list (capped)
// when inactive-only or expired-only is on; red rows; PDF and Excel downloads with operation 4. Errors (the server's
// message) show in an alert for 5 s.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { can, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy, useAutoHide } from "~/components/ui";
import { parseInput, queryOf, type FieldError } from "~/lib/input";
import { ERROR_TITLE } from "~/lib/messages";
import { PlanesFilters, type PlanesFilterValues } from "~/modules/padron-planes/components/PlanesFilters";
import { PlanesTable, type PlanesRow } from "~/modules/padron-planes/components/PlanesTable";
import { buscarEnrolamientos, listCoberturas, type Cobertura } from "~/modules/padron-planes/padron-planes.server";
import { planesParams, PlanesQuerySchema } from "~/modules/padron-planes/padron-planes.schema";
import {
  DEFAULT_COBERTURA,
  ERROR_MS,
  PAGE_SIZE,
  pagingHidden,
  PDF_PATH,
  SCREEN_PATH,
  XLSX_PATH,
} from "~/modules/padron-planes/rules";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import styles from "~/styles/padron-planes.css";
import { keepLoaderOnGridChange } from "~/components/ui/grid-rules";

const TITLE = "Buscar Afiliados Enrolados";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

type Resultado = { rows: PlanesRow[]; total: number; page: number; size: number; paged: boolean; query: string };

const FLAGS = [
  "ver_solo_afi_inactivo",
  "ver_solo_enrolamiento_vencido",
  "ver_solo_enrolamiento_activo",
  "ver_afiliados_en_convenio",
] as const;

/** The form's values as typed (the URL's), bounded, for refilling the form whatever the parse said. */
function typedValues(raw: Record<string, string>): PlanesFilterValues {
  const on = (k: string) =>
    ["true", "1", "on", "si", "sí"].includes(
      String(raw[k] ?? "")
        .trim()
        .toLowerCase(),
    );
  return {
    afi_dni: String(raw.afi_dni ?? "").slice(0, 9),
    apellido: String(raw.apellido ?? "").slice(0, 100),
    nombre: String(raw.nombre ?? "").slice(0, 100),
    cod_padron:
      String(raw.cod_padron ?? "")
        .trim()
        .slice(0, 6) || String(DEFAULT_COBERTURA),
    ...(Object.fromEntries(FLAGS.map((k) => [k, on(k)])) as Record<(typeof FLAGS)[number], boolean>),
  };
}

/** A grid's sort or filter written to the URL runs no loader again (ADR 071). */
export const shouldRevalidate = keepLoaderOnGridChange;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  const raw = queryOf(request);
  const base = {
    snapshot: reportSnapshot(user, request),
    values: typedValues(raw),
    canExport: can(user, OP.EXPORTAR_PADRON_PLANES),
    coberturas: [] as Cobertura[],
    errors: [] as FieldError[],
    error: null as string | null,
    resultado: null as Resultado | null,
  };
  const parsed = parseInput(PlanesQuerySchema, raw);
  if (!parsed.ok) {
    const cobs = await listCoberturas();
    const coberturas = cobs.ok ? cobs.coberturas : [];
    return json({ ...base, coberturas, errors: parsed.errors, error: parsed.msg }, { status: 400 });
  }
  const q = parsed.data;
  const paged = !pagingHidden(q);
  const r = await buscarEnrolamientos(q, paged ? { page: q.page, size: q.size } : "unpaged");
  if (!r.ok) {
    const cobs = r.status === 503 ? null : await listCoberturas();
    const coberturas = cobs?.ok ? cobs.coberturas : [];
    return json({ ...base, coberturas, error: r.msg }, { status: r.status });
  }
  const params = planesParams(q);
  if (q.size !== PAGE_SIZE) params.set("size", String(q.size));
  const rows: PlanesRow[] = r.rows.map((x) => ({
    id: x.id,
    idenrolamiento: x.idenrolamiento,
    baperapell: x.baperapell,
    bapernombr: x.bapernombr,
    dni: x.dni,
    bagfmnroaf: x.bagfmnroaf,
    enprfecvig: x.enprfecvig,
    enprfecbaj: x.enprfecbaj,
    estado: x.estado,
    vencido: x.vencido,
  }));
  return json({
    ...base,
    coberturas: r.coberturas,
    resultado: { rows, total: r.total, page: q.page, size: q.size, paged, query: params.toString() },
  });
}

export default function PadronPlanes() {
  const { snapshot, values, canExport, coberturas, errors, error, resultado } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === SCREEN_PATH;
  const shownError = useAutoHide(error, ERROR_MS, location.key);
  const exportQuery = canExport && resultado ? resultado.query : null;
  return (
    <section className="screen padron-planes">
      <SnapshotBar {...snapshot} />
      <PlanesFilters
        key={location.search}
        values={values}
        coberturas={coberturas}
        errors={errors}
        busy={busy}
        pdfHref={exportQuery != null ? `${PDF_PATH}?${exportQuery}` : null}
        excelHref={exportQuery != null ? `${XLSX_PATH}?${exportQuery}` : null}
      />
      {shownError ? (
        <Alert severity="error" title={ERROR_TITLE}>
          {shownError}
        </Alert>
      ) : null}
      <Busy busy={busy} label="Buscando...">
        {resultado ? <PlanesTable {...resultado} /> : null}
      </Busy>
    </section>
  );
}
