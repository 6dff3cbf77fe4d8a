// The look of every printed list (the PDF exports): a title, a line of filter details, and a table whose header row
// repeats on every page and whose rows never split across pages. One stylesheet so the reports print alike.

/** The stylesheet of a printed list; `fontPx` is the table's text size, the title is 6 px larger. */
export function listReportCss(fontPx: number): string {
  return `
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: ${fontPx}px; color: #1d2733; margin: 0; }
h1 { font-size: ${fontPx + 6}px; margin: 0 0 4px; }
.meta { margin: 0 0 8px; color: #4f5b66; }
table { width: 100%; border-collapse: collapse; }
thead { display: table-header-group; }
tr { page-break-inside: avoid; break-inside: avoid; }
th { background: #1f4e79; color: #fff; text-align: left; padding: 4px 6px; font-weight: 600; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
td { padding: 3px 6px; border-bottom: 1px solid #d5dbe1; }
tbody tr:nth-child(even) td { background: #f3f6f9; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.num { text-align: right; }
.empty { text-align: center; padding: 16px; color: #4f5b66; }
`;
}

export {};
