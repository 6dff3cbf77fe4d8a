// The page of every printed list (the PDF exports): one HTML document with the title, a line of filter details
// (`meta`), and a table whose header row repeats on every page (thead), an empty-state row when there is nothing to
// list, and optional notes after it. The modules give the columns, the rows and the texts; the look is
// listReportCss. Static HTML with inline CSS, printed landscape by the shared Chromium.
import type { ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { listReportCss } from "./list-report-css";
import { htmlToPdf, pdfResponse } from "./pdf";

/** One column: its header, what a row shows in it, and whether it is a number (right-aligned, class "num"). */
export type ListReportColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
};

export type ListReportProps<T> = {
  /** The document's title and its heading. */
  title: string;
  /** The line under the heading: the filter, the count, when it was printed. */
  meta: ReactNode;
  columns: ListReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** A class of a row's <tr> (e.g. "rojo"), styled by `extraCss`. */
  rowClassName?: (row: T) => string | undefined;
  /** The message of the single row shown when there are no rows. */
  empty: string;
  /** CSS added after the list stylesheet. */
  extraCss?: string;
  /** The table's text size in px (listReportCss); 10 unless told. */
  cssFontSize?: number;
  /** Notes printed after the table. */
  after?: ReactNode;
};

export function ListReport<T>({
  title,
  meta,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
  extraCss,
  cssFontSize = 10,
  after,
}: ListReportProps<T>) {
  const css = listReportCss(cssFontSize) + (extraCss ? "\n" + extraCss : "");
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <h1>{title}</h1>
        <p className="meta">{meta}</p>
        <table>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} className={c.numeric ? "num" : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="empty" colSpan={columns.length}>
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className={rowClassName?.(row)}>
                  {columns.map((c) => (
                    <td key={c.header} className={c.numeric ? "num" : undefined}>
                      {c.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
        {after}
      </body>
    </html>
  );
}

/** The complete HTML document of a printed list (a <ListReport> element). */
export function listReportHtml(element: ReactElement): string {
  return "<!doctype html>" + renderToStaticMarkup(element);
}

/** The PDF download of a printed list: landscape, 10 mm margins, on A3 or A4 paper; `pageNumbers`: 'Página X de Y'. */
export async function listReportPdf(
  element: ReactElement,
  opts: { format: "A3" | "A4"; filename: string; pageNumbers?: boolean },
): Promise<Response> {
  const pdf = await htmlToPdf(listReportHtml(element), {
    format: opts.format,
    landscape: true,
    margin: "10mm",
    pageNumbers: opts.pageNumbers,
  });
  return pdfResponse(pdf, opts.filename);
}
