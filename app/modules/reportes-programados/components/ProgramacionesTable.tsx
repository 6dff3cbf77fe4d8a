// The schedules: report, period, format, the schedule in Spanish ('El día 1 de cada mes a las 06:00', else
// 'cron: <expr>'), the filter with its name, Próxima / Última ejecución ('En curso' while a run asked for from the
// screen has not written its file) and the last error; with
// operation 40 'Ejecutar ahora' (a POST form) and 'Eliminar' (a confirmation dialog with JavaScript; without it a
// link to ?eliminar=N, where the page shows the confirmation as a section with its own POST form).
import { Form, Link, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { ConfirmDialog, DataTable, type Column } from "~/components/ui";
import { formatDateTimeAR } from "~/lib/dates";
import {
  describirCron,
  filtroTexto,
  FORMATO_TEXT,
  MSG,
  PERIODO_TEXT,
  REPORTE_TEXT,
  SCREEN_PATH,
  type ProgramacionVista,
} from "~/modules/reportes-programados/rules";

const DELETE_TITLE = "¿Eliminar la programación?";
const DELETE_TEXT = "No se generarán más archivos; los ya generados se conservan hasta que venza su historial.";
const DELETE_CONFIRM = "Sí, eliminar";

const describe = (p: ProgramacionVista) => `${REPORTE_TEXT[p.reporte]} (${PERIODO_TEXT[p.periodo]})`;

const base = (running: (p: ProgramacionVista) => boolean): Column<ProgramacionVista>[] => [
  { key: "reporte", header: "Reporte", render: (p) => REPORTE_TEXT[p.reporte], minWidth: 140 },
  { key: "periodo", header: "Período", render: (p) => PERIODO_TEXT[p.periodo] },
  { key: "formato", header: "Formato", render: (p) => FORMATO_TEXT[p.formato] },
  { key: "cron", header: "Programación", render: (p) => describirCron(p.cron), minWidth: 150 },
  { key: "filtro", header: "Responsable / Efector", render: filtroTexto, minWidth: 160 },
  { key: "proxima", header: "Próxima ejecución", render: (p) => formatDateTimeAR(p.proxima_ejecucion) },
  {
    key: "ultima",
    header: "Última ejecución",
    render: (p) => (
      <>
        {running(p) ? MSG.EN_CURSO_FILA : formatDateTimeAR(p.ultima_ejecucion) || "Nunca"}
        {p.ultimo_error && (
          <span className="rp-error" role="note">
            {p.ultimo_error}
          </span>
        )}
      </>
    ),
    minWidth: 160,
  },
];

function Acciones({ p, onEliminar }: { p: ProgramacionVista; onEliminar: (p: ProgramacionVista) => void }) {
  return (
    <span className="rp-row-actions">
      <Form method="post" action={SCREEN_PATH}>
        <input type="hidden" name="id" value={p.id} />
        <button
          type="submit"
          name="intent"
          value="ejecutar"
          className="ui-button ui-button--secondary"
          aria-label={`Ejecutar ahora ${describe(p)}`}
        >
          Ejecutar ahora
        </button>
      </Form>
      <Link
        to={`${SCREEN_PATH}?eliminar=${p.id}`}
        className="ui-button ui-button--danger"
        aria-label={`Eliminar ${describe(p)}`}
        onClick={(e) => {
          e.preventDefault(); // with JavaScript: the dialog; without it the link opens the confirmation section
          onEliminar(p);
        }}
      >
        Eliminar
      </Link>
    </span>
  );
}

export function ProgramacionesTable({
  rows,
  canProgramar,
  running,
}: {
  rows: ProgramacionVista[];
  canProgramar: boolean;
  /** The schedule whose run, asked for from the screen, has not written its file yet. */
  running: (p: ProgramacionVista) => boolean;
}) {
  const [target, setTarget] = useState<ProgramacionVista | null>(null);
  const submit = useSubmit();
  const columns: Column<ProgramacionVista>[] = [
    ...base(running),
    ...(canProgramar
      ? [
          {
            key: "acciones",
            header: "Acciones",
            render: (p: ProgramacionVista) => <Acciones p={p} onEliminar={setTarget} />,
          },
        ]
      : []),
  ];
  return (
    <>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="id"
        caption="Programaciones"
        captionHidden
        emptyText="No hay reportes programados"
      />
      <ConfirmDialog
        open={target != null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={DELETE_TITLE}
        text={DELETE_TEXT}
        confirmLabel={DELETE_CONFIRM}
        tone="danger"
        onConfirm={() =>
          target && submit({ intent: "eliminar", id: String(target.id) }, { method: "post", action: SCREEN_PATH })
        }
      />
    </>
  );
}

/** Without JavaScript: the confirmation of ?eliminar=N as a section with its POST form. */
export function ConfirmarEliminacion({ p }: { p: ProgramacionVista }) {
  return (
    <section
      className="rp-confirm"
      role="alertdialog"
      aria-labelledby="rp-confirm-title"
      aria-describedby="rp-confirm-text"
    >
      <h3 id="rp-confirm-title">{DELETE_TITLE}</h3>
      <p id="rp-confirm-text">{DELETE_TEXT}</p>
      <p>
        {describe(p)} — {describirCron(p.cron)}
      </p>
      <Form method="post" action={SCREEN_PATH} className="rp-confirm-actions">
        <input type="hidden" name="id" value={p.id} />
        <Link className="ui-button ui-button--secondary" to={SCREEN_PATH}>
          Cancelar
        </Link>
        <button type="submit" name="intent" value="eliminar" className="ui-button ui-button--danger">
          {DELETE_CONFIRM}
        </button>
      </Form>
    </section>
  );
}
