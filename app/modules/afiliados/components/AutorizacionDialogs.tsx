// Dialogs of 'Listado de Autorizaciones': one authorisation's detail, the summary ('Resumen') and the
// drill-down per practice with the counters of spec part 1 §9. Each body is also shown without JavaScript as a
// section of the page (AutorizacionesPanel, ?autorizacion= / ?practica= / ?resumen=1).
import type { MouseEvent, ReactNode } from "react";
import { Chip, DataTable, Dialog, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { isVencida, practiceCounters, type PracticeCounters } from "~/modules/afiliados/rules";
import { authDetailFields, authRowClass, coverageText, modalidadText } from "./autorizacion-format";
import type { AutorizacionRow } from "~/modules/afiliados/autorizaciones.schema";

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

function Counters({ rows, today }: { rows: AutorizacionRow[]; today: string }) {
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

export const detailTitle = (nro: number) => `Autorización N° ${nro}`;

export function AutorizacionDetailBody({ row, today }: { row: AutorizacionRow; today: string }) {
  return (
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
  );
}

export function AutorizacionDetailDialog({
  row,
  today,
  onOpenChange,
}: {
  row: AutorizacionRow | null;
  today: string;
  onOpenChange: Close;
}) {
  return (
    <Dialog
      open={row != null}
      onOpenChange={onOpenChange}
      size="large"
      title={row ? detailTitle(row.nroautorizacion) : "Autorización"}
    >
      {row && <AutorizacionDetailBody row={row} today={today} />}
    </Dialog>
  );
}

/** A link that works without JavaScript (href) and, with it, runs `onOpen` instead (unless opened in a new tab). */
export function PanelLink(props: {
  href: string;
  onOpen: () => void;
  label?: string;
  className?: string;
  describedBy?: string;
  children: ReactNode;
}) {
  const { href, onOpen, label, className = "fc-link", describedBy, children } = props;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen();
  };
  return (
    <a href={href} className={className} onClick={onClick} aria-label={label} aria-describedby={describedBy}>
      {children}
    </a>
  );
}

type PracticeSummary = { practica: string; descpractica: string; rows: AutorizacionRow[] };

function groupByPractice(rows: AutorizacionRow[]): PracticeSummary[] {
  const map = new Map<string, PracticeSummary>();
  for (const r of rows) {
    const g = map.get(r.practica) ?? { practica: r.practica, descpractica: r.descpractica ?? "", rows: [] };
    g.rows.push(r);
    map.set(r.practica, g);
  }
  return [...map.values()].sort((a, b) => b.rows.length - a.rows.length || a.practica.localeCompare(b.practica));
}

type PracticeLink = { href: (practica: string) => string; onOpen: (practica: string) => void };

export function ResumenBody({
  rows,
  today,
  practice,
}: {
  rows: AutorizacionRow[];
  today: string;
  practice: PracticeLink;
}) {
  const columns: Column<PracticeSummary>[] = [
    {
      key: "practica",
      header: "Práctica",
      render: (g) => (
        <PanelLink
          href={practice.href(g.practica)}
          onOpen={() => practice.onOpen(g.practica)}
          label={`Práctica ${g.practica}: ver contadores`}
        >
          {g.practica}
        </PanelLink>
      ),
    },
    { key: "descpractica", header: "Descripción" },
    { key: "cant", header: "Emitidas", align: "right", render: (g) => g.rows.length },
  ];
  return (
    <>
      <p className="fc-note">Autorizaciones listadas: {rows.length}</p>
      <Counters rows={rows} today={today} />
      <DataTable
        columns={columns}
        rows={groupByPractice(rows)}
        rowKey="practica"
        caption="Autorizaciones por práctica"
        maxHeight={360}
      />
    </>
  );
}

export function ResumenDialog(props: {
  open: boolean;
  rows: AutorizacionRow[];
  today: string;
  onOpenChange: Close;
  practice: PracticeLink;
}) {
  const { open, rows, today, onOpenChange, practice } = props;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} size="large" title="Resumen">
      {open && <ResumenBody rows={rows} today={today} practice={practice} />}
    </Dialog>
  );
}

export function practiceTitle(practica: string, list: AutorizacionRow[]): string {
  return `Práctica ${practica}${list[0]?.descpractica ? ` - ${list[0].descpractica}` : ""}`;
}

export function PracticaBody({ list, today }: { list: AutorizacionRow[]; today: string }) {
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
  return (
    <>
      <Counters rows={list} today={today} />
      <DataTable
        columns={columns}
        rows={list}
        rowKey="id"
        caption="Autorizaciones de la práctica"
        captionHidden
        rowClassName={(r) => authRowClass(r, today)}
        maxHeight={360}
      />
    </>
  );
}

export function PracticaDialog(props: {
  practica: string | null;
  rows: AutorizacionRow[];
  today: string;
  onOpenChange: Close;
}) {
  const { practica, rows, today, onOpenChange } = props;
  const list = practica == null ? [] : rows.filter((r) => r.practica === practica);
  return (
    <Dialog
      open={practica != null}
      onOpenChange={onOpenChange}
      size="large"
      title={practica == null ? "Práctica" : practiceTitle(practica, list)}
    >
      {practica != null && <PracticaBody list={list} today={today} />}
    </Dialog>
  );
}
