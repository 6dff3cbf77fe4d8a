// Issue 38 (ADR 070): a long document printed in parts and joined — the parts of a long table (each a complete
// document; the first with what comes before the table, the last with what follows it), and the joined PDF's pages
// in order with 'Página X de Y' numbered across the parts (read back with pdftotext, poppler-utils).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { LONG_TABLE_SLOT, longTableDocument, longTableDocuments, type LongTableColumn } from "./long-table";
import { closePdfBrowser, htmlPartsToPdf } from "./pdf";

afterAll(() => closePdfBrowser());

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "osep-pdf-parts-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The text of a PDF, page by page (pdftotext -layout; pages end with a form feed). */
function pdfPages(pdf: Uint8Array): string[] {
  const file = path.join(tmp, `p-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8").split("\f").slice(0, -1);
}

type Row = { n: number };
const COLUMNS: LongTableColumn<Row>[] = [
  { header: "Número", cell: (r) => `FILA-${r.n}`, width: 50 },
  { header: "Doble", cell: (r) => String(r.n * 2), width: 50, numeric: true },
];
const DOCUMENT =
  "<!doctype html><html><head><style>body{font:10px sans-serif}</style></head><body><h1>Informe largo</h1>" +
  `<div>${LONG_TABLE_SLOT}</div><p>Totales al pie</p></body></html>`;
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ n: i + 1 }));

test("the parts of a long table: complete documents, the title in the first, the totals in the last, every row once", () => {
  const parts = [...longTableDocuments(DOCUMENT, COLUMNS, rows(5), { empty: "Sin filas", partRows: 2 })];
  expect(parts).toHaveLength(3);
  for (const p of parts) {
    expect(p.startsWith("<!doctype html><html><head><style>")).toBe(true);
    expect(p).toContain("<th>Número</th>");
    expect(p).not.toContain(LONG_TABLE_SLOT);
  }
  expect(parts.map((p) => p.includes("Informe largo"))).toEqual([true, false, false]);
  expect(parts.map((p) => p.includes("Totales al pie"))).toEqual([false, false, true]);
  const seen = parts.flatMap((p) => [...p.matchAll(/FILA-(\d+)/g)].map((m) => Number(m[1])));
  expect(seen).toEqual([1, 2, 3, 4, 5]);
  // the whole document holds the same rows in one table
  const whole = longTableDocument(DOCUMENT, COLUMNS, rows(5), { empty: "Sin filas" });
  expect([...whole.matchAll(/FILA-(\d+)/g)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5]);
  // no rows: one part with the empty message, the title and the totals
  const none = [...longTableDocuments(DOCUMENT, COLUMNS, [], { empty: "Sin filas", partRows: 2 })];
  expect(none).toHaveLength(1);
  expect(none[0]).toMatch(/Informe largo.*Sin filas.*Totales al pie/s);
  expect(() => [
    ...longTableDocuments("<html><body></body></html>", COLUMNS, [], { empty: "", partRows: 1 }),
  ]).toThrow();
});

test("a PDF printed in parts: every part's pages in order, 'Página X de Y' numbered across the join", async () => {
  // three parts of a long table, 120 rows each: several A4 landscape pages per part
  const parts = longTableDocuments(DOCUMENT, COLUMNS, rows(360), { empty: "Sin filas", partRows: 120 });
  const pdf = await htmlPartsToPdf(parts, { format: "A4", landscape: true, pageNumbers: true, tagged: false });
  const pages = pdfPages(pdf);
  expect(pages.length).toBeGreaterThan(3);
  pages.forEach((p, i) => expect(p).toContain(`Página ${i + 1} de ${pages.length}`));
  expect(pages[0]).toContain("Informe largo");
  expect(pages.at(-1)).toContain("Totales al pie");
  // the rows in order across the parts, each once, and the header row on every page
  const seen = pages
    .join("\n")
    .match(/FILA-\d+/g)!
    .map((s) => Number(s.slice(5)));
  expect(seen).toEqual(rows(360).map((r) => r.n));
  for (const p of pages.slice(0, -1)) expect(p).toMatch(/Número\s+Doble/);
  // A4 landscape, the first part's title kept
  const info = execFileSync("pdfinfo", ["-"], { input: Buffer.from(pdf) }).toString("utf8");
  const box = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
  expect(Math.abs(Number(box[1]) - 842)).toBeLessThan(3);
  expect(Math.abs(Number(box[2]) - 595)).toBeLessThan(3);
}, 120_000);

test("without page numbers the joined PDF has none; one part is the document as printed", async () => {
  const pdf = await htmlPartsToPdf([DOCUMENT.replace(LONG_TABLE_SLOT, "<p>Único</p>")], {
    format: "A5",
    landscape: true,
  });
  const pages = pdfPages(pdf);
  expect(pages).toHaveLength(1);
  expect(pages[0]).toContain("Único");
  expect(pages[0]).not.toContain("Página");
}, 60_000);
