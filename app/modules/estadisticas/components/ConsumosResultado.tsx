// The result of 'Consumos por Efector': the practices the provider consumed in the period, with counts; each row
// opens its consumed authorisations (ConsumosListado). The one DataGrid (ADR 059): sorted and filtered alike with
// JavaScript and without.
import { Link } from "@remix-run/react";
import { DataGrid } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import { MSG_SIN_RESULTADO } from "~/lib/messages";
import { formatCount } from "~/lib/numbers";
import { BUSCAR_CONSUMOS } from "~/modules/estadisticas/consumos.schema";
import type { ConsumoPractica } from "~/modules/estadisticas/rules";
import { PRACTICAS } from "~/modules/estadisticas/reports/consumos.columns";
import { gridColumns } from "~/modules/reporting/report-columns";
import type { ScreenValues } from "~/modules/estadisticas/consumos.schema";
import type { Efector } from "~/modules/prestadores/rules";

const columns = gridColumns(PRACTICAS.columns);

/** 'Exportar a PDF' of a tab: a plain link to the report's URL with the filters on screen. */
export function ExportarPdf({ href, filename }: { href: string; filename: string }) {
  return (
    <p className="consumos-export">
      <a className="ui-button ui-button--secondary" href={href} download={filename}>
        Exportar a PDF
      </a>
    </p>
  );
}

/** The practices consumed, with counts; each row opens its consumed authorisations. */
export function ConsumosResultado({
  values,
  efector,
  consumos,
  href,
  pdfHref,
}: {
  values: ScreenValues;
  efector: Efector | null;
  consumos: { rows: ConsumoPractica[]; datos_al: string };
  href: (values: Partial<ScreenValues>, extra?: Record<string, string | null | undefined>) => string;
  /** 'Exportar a PDF' (a plain link: works without JavaScript); null without operation 35. */
  pdfHref: string | null;
}) {
  const base = { ...values };
  const total = consumos.rows.reduce((s, r) => s + r.cant_practica, 0);
  return (
    <section className="consumos-resultado" aria-labelledby="consumos-resultado-title">
      <h3 id="consumos-resultado-title">
        Consumos del efector {values.codigo_efector}
        {efector?.nommedefector ? ` - ${efector.nommedefector}` : ""} del {formatDateAR(values.fecha_desde)} al{" "}
        {formatDateAR(values.fecha_hasta)}
      </h3>
      {pdfHref && <ExportarPdf href={pdfHref} filename="consumos-efector.pdf" />}
      {consumos.rows.length > 0 && (
        <p className="consumos-summary" role="status">
          {`${consumos.rows.length} prácticas, ${formatCount(total)} consumidas. Click sobre la práctica para ver las autorizaciones.`}
        </p>
      )}
      <DataGrid
        caption={PRACTICAS.title}
        columns={columns}
        rows={consumos.rows}
        rowKey={(r) => `${r.practica}/${r.subitem}`}
        emptyText={MSG_SIN_RESULTADO}
        rowHref={(r) => href(base, { buscar: BUSCAR_CONSUMOS, practica: r.practica, subitem: r.subitem })}
        renderLink={({ href: to, className, children }) => (
          <Link to={to} className={className} preventScrollReset>
            {children}
          </Link>
        )}
        height={520}
      />
    </section>
  );
}
