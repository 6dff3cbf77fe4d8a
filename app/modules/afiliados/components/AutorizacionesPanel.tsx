// 'Listado de Autorizaciones' (spec part 1 §2): GET filters (fecha desde/hasta, cobertura), Excel export, the
// table with row colours and the number popover, and the dialogs (detail, 'Resumen', practice counters).
// The number, the practice and 'Resumen' are links (?autorizacion=N, ?practica=P, ?resumen=1): without
// JavaScript the loader opens that panel as a section of the page with 'Cerrar'; with JavaScript the same
// links open the dialogs at once, without a round trip (issue 10).
import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { DataTable, DateField, Field, InlinePanel, useHydrated, type Column } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { ambIntLabel } from "~/modules/afiliados/rules";
import {
  AutorizacionDetailBody,
  AutorizacionDetailDialog,
  detailTitle,
  PanelLink,
  PracticaBody,
  PracticaDialog,
  practiceTitle,
  ResumenBody,
  ResumenDialog,
} from "./AutorizacionDialogs";
import { authRowClass, coverageText, modalidadText } from "./autorizacion-format";
import type { QueryPairs } from "~/modules/afiliados/detalle-query";
import type { AuthPanel, AutorizacionRow, AutorizacionesTabData } from "~/modules/afiliados/autorizaciones.schema";

/** The list's href plus one panel parameter. */
function withParam(listHref: string, key: string, value: string | number): string {
  const q = new URLSearchParams(listHref.replace(/^\?/, ""));
  q.set(key, String(value));
  return `?${q}`;
}

function NumberPopover({ row, href, onOpen }: { row: AutorizacionRow; href: string; onOpen: () => void }) {
  const tipId = `aut-pop-${row.id}`;
  return (
    <span className="fc-pop">
      <PanelLink
        href={href}
        onOpen={onOpen}
        describedBy={tipId}
        label={`Autorización ${row.nroautorizacion}: ver detalle`}
      >
        {row.nroautorizacion}
      </PanelLink>
      <span role="tooltip" id={tipId} className="fc-pop-card">
        <dl>
          <dt>Código</dt>
          <dd>{row.autoken || row.nroautorizacion}</dd>
          <dt>Cantidad</dt>
          <dd>{row.cantidad}</dd>
          <dt>Práctica</dt>
          <dd>{row.practica}</dd>
          <dt>Fecha</dt>
          <dd>{formatDateAR(row.fecha)}</dd>
        </dl>
      </span>
    </span>
  );
}

export function AutorizacionesPanel({
  data,
  keep,
  today,
}: {
  data: AutorizacionesTabData;
  keep: QueryPairs;
  today: string;
}) {
  const hydrated = useHydrated();
  const { rows, listHref } = data;
  const { view, setView, close } = usePanelView(data);
  const practiceHref = (p: string) => withParam(listHref, "practica", p);
  const practice = { href: practiceHref, onOpen: (p: string) => setView({ kind: "practica", practica: p }) };
  const detailRow =
    view?.kind === "detalle" ? (rows.find((r) => r.nroautorizacion === view.nroautorizacion) ?? null) : null;
  const columns = autorizacionColumns(listHref, today, setView);
  return (
    <section aria-label="Listado de Autorizaciones">
      <AutorizacionesFiltros data={data} keep={keep} />
      {(data.error || data.panelError) && (
        <p className="fc-error" role="alert">
          {data.error ?? data.panelError}
        </p>
      )}
      <AutorizacionesToolbar data={data} onResumen={() => setView({ kind: "resumen" })} />
      {!hydrated && data.open && (
        <InlineAuthPanel open={data.open} rows={rows} today={today} listHref={listHref} practiceHref={practiceHref} />
      )}
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="id"
        caption="Autorizaciones del afiliado"
        captionHidden
        rowClassName={(r) => authRowClass(r, today)}
        maxHeight={560}
      />
      {hydrated && (
        <>
          <AutorizacionDetailDialog row={detailRow} today={today} onOpenChange={(o) => !o && close()} />
          <ResumenDialog
            open={view?.kind === "resumen"}
            rows={rows}
            today={today}
            onOpenChange={(o) => !o && close()}
            practice={practice}
          />
          <PracticaDialog
            practica={view?.kind === "practica" ? view.practica : null}
            rows={rows}
            today={today}
            onOpenChange={(o) => !o && close()}
          />
        </>
      )}
    </section>
  );
}

/** With JavaScript the open panel is client state, started from (and kept in step with) the URL's panel. */
function usePanelView(data: AutorizacionesTabData) {
  const navigate = useNavigate();
  const [view, setView] = useState<AuthPanel | null>(data.open);
  const openKey = JSON.stringify(data.open);
  useEffect(() => setView(data.open), [openKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => {
    setView(null);
    // a panel that came from the URL: drop its parameter so a reload does not reopen it
    if (data.open) navigate(data.listHref, { replace: true, preventScrollReset: true });
  };
  return { view, setView, close };
}

/** The table's columns: the number opens the detail, the practice its counters. */
function autorizacionColumns(
  listHref: string,
  today: string,
  setView: (v: AuthPanel) => void,
): Column<AutorizacionRow>[] {
  return [
    {
      key: "nroautorizacion",
      header: "N° Autorización",
      render: (r) => (
        <NumberPopover
          row={r}
          href={withParam(listHref, "autorizacion", r.nroautorizacion)}
          onOpen={() => setView({ kind: "detalle", nroautorizacion: r.nroautorizacion })}
        />
      ),
    },
    { key: "fecha", header: "Fecha", render: (r) => formatDateAR(r.fecha) },
    {
      key: "practica",
      header: "Práctica",
      render: (r) => (
        <PanelLink
          href={withParam(listHref, "practica", r.practica)}
          onOpen={() => setView({ kind: "practica", practica: r.practica })}
          label={`Práctica ${r.practica}: ver contadores`}
        >
          {r.practica}
        </PanelLink>
      ),
    },
    { key: "descpractica", header: "Descripción" },
    { key: "cobertura", header: "Cobertura", render: (r) => coverageText(r) },
    { key: "cantidad", header: "Cantidad", align: "right" },
    { key: "autorizo", header: "Autorizó" },
    { key: "modalidad", header: "Modalidad", render: (r) => modalidadText(r, today) },
    { key: "estadoambint", header: "Estado A/I", render: (r) => ambIntLabel(r.estadoambint, r.nrointernacion) },
    { key: "estado", header: "Estado" },
    { key: "entidad", header: "Entidad" },
  ];
}

/** The GET filters (fecha desde/hasta, cobertura), keeping the other tabs' parameters. */
function AutorizacionesFiltros({ data, keep }: { data: AutorizacionesTabData; keep: QueryPairs }) {
  const { filter } = data;
  const formKey = `${filter.fecha_desde}|${filter.fecha_hasta}|${filter.cobertura}`;
  return (
    <Form method="get" className="filters" key={formKey} preventScrollReset>
      {keep.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="sub" value="autorizaciones" />
      <DateField label="Fecha desde" name="fecha_desde" defaultValue={filter.fecha_desde} />
      <DateField label="Fecha hasta" name="fecha_hasta" defaultValue={filter.fecha_hasta} />
      <Field label="Cobertura" name="cobertura">
        <select className="ui-input" defaultValue={filter.cobertura}>
          {data.coberturas.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="ui-button ui-button--primary">
        Buscar
      </button>
    </Form>
  );
}

/** Exportar a Excel, Resumen and the count. */
function AutorizacionesToolbar({ data, onResumen }: { data: AutorizacionesTabData; onResumen: () => void }) {
  const { rows } = data;
  return (
    <div className="fc-toolbar">
      {data.excelHref && (
        <a className="ui-button ui-button--secondary" href={data.excelHref} download>
          Exportar a Excel
        </a>
      )}
      {rows.length > 0 ? (
        <PanelLink
          href={withParam(data.listHref, "resumen", 1)}
          onOpen={onResumen}
          className="ui-button ui-button--secondary"
        >
          Resumen
        </PanelLink>
      ) : (
        <button type="button" className="ui-button ui-button--secondary" disabled>
          Resumen
        </button>
      )}
      <span className="fc-note">
        {rows.length} autorizaciones
        {data.truncated && ` (se muestran las primeras ${data.limit}; el Excel incluye todas)`}
      </span>
    </div>
  );
}

/** Without JavaScript: the panel the URL asks for, as a labelled section of the page with 'Cerrar'. */
function InlineAuthPanel(props: {
  open: AuthPanel;
  rows: AutorizacionRow[];
  today: string;
  listHref: string;
  practiceHref: (p: string) => string;
}) {
  const { open, rows, today, listHref, practiceHref } = props;
  const noop = () => undefined;
  if (open.kind === "detalle") {
    const row = rows.find((r) => r.nroautorizacion === open.nroautorizacion);
    if (!row) return null;
    return (
      <InlinePanel id="fc-panel" title={detailTitle(row.nroautorizacion)} closeHref={listHref} className="fc-inline">
        <AutorizacionDetailBody row={row} today={today} />
      </InlinePanel>
    );
  }
  if (open.kind === "practica") {
    const list = rows.filter((r) => r.practica === open.practica);
    return (
      <InlinePanel id="fc-panel" title={practiceTitle(open.practica, list)} closeHref={listHref} className="fc-inline">
        <PracticaBody list={list} today={today} />
      </InlinePanel>
    );
  }
  return (
    <InlinePanel id="fc-panel" title="Resumen" closeHref={listHref} className="fc-inline">
      <ResumenBody rows={rows} today={today} practice={{ href: practiceHref, onOpen: noop }} />
    </InlinePanel>
  );
}
