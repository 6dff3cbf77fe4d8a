// The page of a printed report with more than one table (the statistics PDFs of issue 29): the title, lines of
// details (the period, 'Datos al …', who printed it), then any tables and figures. A ReportTable repeats its header
// row on every page (thead) and may end with total rows; the look is listReportCss, as the printed lists. Static
// HTML with inline CSS for the shared Chromium (no JavaScript, no network): listReportHtml writes the document.
import type { ReactNode } from "react";
import { listReportCss } from "./list-report-css";
import type { ListReportColumn } from "./list-report";

const REPORT_CSS = `
h2 { font-size: 1.3em; margin: 14px 0 4px; break-after: avoid; page-break-after: avoid; }
.meta-line { margin: 0; color: #4f5b66; }
.meta-lines { margin: 0 0 8px; }
table { margin-bottom: 6px; }
tr.total td { font-weight: 700; border-top: 2px solid #1f4e79; background: #e3eaf2; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
tr.subtotal td { font-weight: 600; background: #eef2f6; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.note { color: #4f5b66; margin: 4px 0 0; }
.figure { break-inside: avoid; page-break-inside: avoid; display: flex; gap: 16px; align-items: center; }
.legend { list-style: none; margin: 0; padding: 0; }
.legend li { margin: 2px 0; }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
`;

export function ReportDocument(props: {
  title: string;
  /** The lines under the title (period, 'Datos al …', 'Impreso por …'). */
  details: string[];
  fontPx?: number;
  extraCss?: string;
  children: ReactNode;
}) {
  const css = listReportCss(props.fontPx ?? 9) + REPORT_CSS + (props.extraCss ?? "");
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <title>{props.title}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <h1>{props.title}</h1>
        <div className="meta-lines">
          {props.details.map((d) => (
            <p key={d} className="meta-line">
              {d}
            </p>
          ))}
        </div>
        {props.children}
      </body>
    </html>
  );
}

/** A row after the data rows (a subtotal or the total): one cell per column, by the column's header. */
export type ReportTotalRow = { key: string; className: "total" | "subtotal"; cells: Record<string, ReactNode> };

export function ReportTable<T>(props: {
  /** The heading printed above the table. */
  title?: string;
  columns: ListReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  empty: string;
  totals?: ReportTotalRow[];
}) {
  const { columns } = props;
  const cls = (c: ListReportColumn<T>) => (c.numeric ? "num" : undefined);
  return (
    <>
      {props.title && <h2>{props.title}</h2>}
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} className={cls(c)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 ? (
            <tr>
              <td className="empty" colSpan={columns.length}>
                {props.empty}
              </td>
            </tr>
          ) : (
            props.rows.map((row) => (
              <tr key={props.rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.header} className={cls(c)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
          {props.rows.length > 0 &&
            props.totals?.map((t) => (
              <tr key={t.key} className={t.className}>
                {columns.map((c) => (
                  <td key={c.header} className={cls(c)}>
                    {t.cells[c.header] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
