// 'Generador del Padron Farmacia' (spec part 2 §2/§8/§9; docs/decisions/038-pharmacy-rosters.md): the four
// buttons (a POST form: works without JavaScript) generate a roster from the reporting snapshot; success shows
// 'Padron generado con exito', the count and both downloads; a failure 'Un error ha ocurrido. Intente mas tarde'
// (hidden after 5 s; no snapshot yet → the store's message). Below, the generated files (nightly and on demand).
// Generating and downloading need operation 24 'Generar padrón farmacia'.
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { can, requireOperation, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { SnapshotBar } from "~/modules/reporting/components/SnapshotBar";
import { Alert, Busy, DataTable, useAutoHide, type Column } from "~/components/ui";
import { parseInput } from "~/lib/input";
import {
  GenerarPadronSchema,
  MSG_PADRON_GENERADO,
  SCREEN_PATH,
} from "~/modules/padron-farmacia/padron-farmacia.schema";
import {
  generarPadron,
  listPadrones,
  PADRONES,
  type PadronArchivo,
} from "~/modules/padron-farmacia/padron-farmacia.server";
import { reportSnapshot } from "~/modules/reporting/snapshot.server";
import styles from "~/styles/padron-farmacia.css";
import { formatCount } from "~/lib/numbers";

const TITLE = "Generador del Padron Farmacia";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The failure message goes away after 5 s (spec §8). */
const ERROR_MS = 5000;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN_PATH);
  return json({
    snapshot: reportSnapshot(user, request),
    padrones: PADRONES,
    archivos: await listPadrones(),
    canGenerate: can(user, OP.GENERAR_PADRON_FARMACIA),
  });
}

type ActionData = { ok: true; archivo: PadronArchivo } | { ok: false; msg: string };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireOperation(request, OP.GENERAR_PADRON_FARMACIA, SCREEN_PATH);
  const parsed = parseInput(GenerarPadronSchema, Object.fromEntries(await request.formData()));
  if (!parsed.ok) return json<ActionData>({ ok: false, msg: parsed.errors[0]?.msg ?? parsed.msg }, { status: 400 });
  const r = await generarPadron(user, parsed.data.padron, "pantalla");
  if (!r.ok) return json<ActionData>({ ok: false, msg: r.msg }, { status: r.status });
  return json<ActionData>({ ok: true, archivo: r.archivo });
}

const COLUMNS: Column<PadronArchivo>[] = [
  { key: "nombre_padron", header: "Padrón" },
  { key: "archivo", header: "Archivo" },
  { key: "fecha_ar", header: "Fecha" },
  {
    key: "registros",
    header: "Registros",
    align: "right",
    render: (r) => formatCount(r.registros),
  },
];

function Descargas({ a }: { a: PadronArchivo }) {
  return (
    <span className="pf-links">
      <a href={a.url} download={a.archivo} aria-label={`Descargar padrón ${a.archivo}`}>
        Descargar padrón
      </a>
      {/* What it is in the spec's words (§9: the companion file with the record count), its full name shown. */}
      <a href={a.reg_url} download={a.reg}>
        Descargar {a.reg} (cantidad de registros)
      </a>
    </span>
  );
}

export default function PadronFarmacia() {
  const { snapshot, padrones, archivos, canGenerate } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const generating = navigation.state === "submitting" ? String(navigation.formData?.get("padron") ?? "") : "";
  const error = useAutoHide(result && !result.ok ? result.msg : undefined, ERROR_MS, result);
  const columns: Column<PadronArchivo>[] = canGenerate
    ? [...COLUMNS, { key: "descargas", header: "Descargas", render: (r) => <Descargas a={r} /> }]
    : COLUMNS;
  const busyLabel = padrones.find((p) => p.padron === generating)?.label;
  return (
    <section className="screen padron-farmacia" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <SnapshotBar {...snapshot} />
      <Busy busy={!!generating} label={busyLabel ? `Generando padrón ${busyLabel}...` : "Generando padrón..."}>
        {canGenerate ? (
          <Form method="post" className="pf-buttons" aria-label="Generar padrón">
            {padrones.map((p) => (
              <button
                key={p.padron}
                type="submit"
                name="padron"
                value={p.padron}
                className="ui-button ui-button--primary"
                disabled={!!generating}
              >
                {p.label}
              </button>
            ))}
          </Form>
        ) : (
          <p className="pf-note">No tiene permiso para generar el padrón farmacia.</p>
        )}
        {result?.ok && (
          <Alert severity="success" title={MSG_PADRON_GENERADO}>
            <p>
              {result.archivo.nombre_padron}: {formatCount(result.archivo.registros)} registros (
              {result.archivo.archivo})
            </p>
            <Descargas a={result.archivo} />
          </Alert>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Busy>
      <h3 className="pf-subtitle">Archivos generados</h3>
      <DataTable
        columns={columns}
        rows={archivos}
        rowKey="archivo"
        caption="Archivos generados"
        captionHidden
        emptyText="Todavía no se generó ningún padrón"
      />
    </section>
  );
}
