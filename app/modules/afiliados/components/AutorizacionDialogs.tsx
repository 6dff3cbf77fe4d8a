// Dialogs of 'Listado de Autorizaciones': one authorisation's detail, the summary ('Resumen') and the
// drill-down per practice with the counters of spec part 1 §9.
import { Chip, DataTable, Dialog, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import type { AutorizacionRow } from "../autorizaciones.server";
import { isVencida, practiceCounters, type PracticeCounters } from "../rules";
import { authDetailFields, authRowClass, coverageText, modalidadText } from "./autorizacion-format";

const COUNTER_LABELS: [keyof PracticeCounters, string][] = [
  ["emitidas", "Emitidas"],
  ["consumidas_vigentes", "Consumidas / Vigentes"],
  ["previas", "Previas"],
  ["consumos", "Consumos"],
  ["simultaneas", "Aut. y Cons. Simultáneas"],
  ["denegadas", "Denegadas"],
  ["diferidas", "Diferidas"],
  ["vencidas", "Vencidas"],
];

export function Counters({ rows, today }: { rows: AutorizacionRow[]; today: string }) {
  const c = practiceCounters(rows, today);
  return (
    <div className="fc-counters" role="list" aria-label="Contadores">
      {COUNTER_LABELS.map(([key, label]) => (
        <div key={key} className="fc-counter" role="listitem" data-counter={key}>
          <strong>{c[key]}</strong>
          {label}
        </div>
      ))}
    </div>
  );
}

type Close = (open: boolean) => void;

export function AutorizacionDetailDialog({ row, today, onOpenChange }: { row: AutorizacionRow | null; today: string; onOpenChange: Close }) {
  return (
    <Dialog open={row != null} onOpenChange={onOpenChange} size="large" title={row ? `Autorización N° ${row.nroautorizacion}` : "Autorización"}>
      {row && (
        <>
          {isVencida(row, today) && <Chip label="VENCIDA" tone="warning" />}
          <dl className="fc-fields">
            {authDetailFields(row, today).map(([label, value]) => (
              <div key={label} style={{ display: "contents" }}>
                <dt>{label}</dt>
                <dd>{value || "-"}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </Dialog>
  );
}

type PracticeSummary = { practica: string; descpractica: string; rows: AutorizacionRow[] };

export function groupByPractice(rows: AutorizacionRow[]): PracticeSummary[] {
  const map = new Map<string, PracticeSummary>();
  for (const r of rows) {
    const g = map.get(r.practica) ?? { practica: r.practica, descpractica: r.descpractica ?? "", rows: [] };
    g.rows.push(r);
    map.set(r.practica, g);
  }
  return [...map.values()].sort((a, b) => b.rows.length - a.rows.length || a.practica.localeCompare(b.practica));
}

export function ResumenDialog(props: { open: boolean; rows: AutorizacionRow[]; today: string; onOpenChange: Close; onPractice: (p: string) => void }) {
  const { open, rows, today, onOpenChange, onPractice } = props;
  const columns: Column<PracticeSummary>[] = [
    {
      key: "practica",
      header: "Práctica",
      render: (g) => (
        <button type="button" className="fc-link" onClick={() => onPractice(g.practica)}>
          {g.practica}
        </button>
      ),
    },
    { key: "descpractica", header: "Descripción" },
    { key: "cant", header: "Emitidas", align: "right", render: (g) => g.rows.length },
  ];
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="large" title="Resumen">
      <p className="fc-note">Autorizaciones listadas: {rows.length}</p>
      <Counters rows={rows} today={today} />
      <DataTable columns={columns} rows={open ? groupByPractice(rows) : []} rowKey="practica" caption="Autorizaciones por práctica" maxHeight={360} />
    </Dialog>
  );
}

export function PracticaDialog(props: { practica: string | null; rows: AutorizacionRow[]; today: string; onOpenChange: Close }) {
  const { practica, rows, today, onOpenChange } = props;
  const list = practica == null ? [] : rows.filter((r) => r.practica === practica);
  const columns: Column<AutorizacionRow>[] = [
    { key: "nroautorizacion", header: "N° Autorización" },
    { key: "fecha", header: "Fecha", render: (r) => formatDateAR(r.fecha) },
    { key: "cobertura", header: "Cobertura", render: (r) => coverageText(r) },
    { key: "cantidad", header: "Cantidad", align: "right" },
    { key: "autorizo", header: "Autorizó" },
    { key: "modalidad", header: "Modalidad", render: (r) => modalidadText(r, today) },
    { key: "estado", header: "Estado" },
    { key: "fechavto", header: "Vencimiento", render: (r) => formatDateAR(r.fechavto) },
  ];
  const title = practica == null ? "Práctica" : `Práctica ${practica}${list[0]?.descpractica ? ` - ${list[0].descpractica}` : ""}`;
  return (
    <Dialog open={practica != null} onOpenChange={onOpenChange} size="large" title={title}>
      <Counters rows={list} today={today} />
      <DataTable columns={columns} rows={list} rowKey="id" caption="Autorizaciones de la práctica" captionHidden rowClassName={(r) => authRowClass(r, today)} maxHeight={360} />
    </Dialog>
  );
}
