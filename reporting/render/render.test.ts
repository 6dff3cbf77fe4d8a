// The shared renderers produce files that open: a one-page A5 landscape PDF, and an XLSX that reads back.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { afterAll, describe, expect, test } from "vitest";
import { closePdfBrowser, htmlToPdf } from "./pdf";
import { writeXlsx, xlsxResponse } from "./excel";
import { longTableHtml } from "./long-table";

afterAll(() => closePdfBrowser());

test("htmlToPdf renders an A5 landscape page in Chromium", async () => {
  const pdf = Buffer.from(
    await htmlToPdf("<!doctype html><html><body><h1>Constancia</h1></body></html>", { format: "A5", landscape: true }),
  );
  const text = pdf.toString("latin1");
  expect(text.startsWith("%PDF-")).toBe(true);
  expect(text.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  // A5 landscape: about 595 × 420 points (Chromium rounds the paper size to 1/100 inch)
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  expect(Number(box?.[1])).toBeCloseTo(595, -1);
  expect(Number(box?.[2])).toBeCloseTo(420, -1);
});

test("writeXlsx streams rows with dates, money and a bold header", async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  async function* rows() {
    yield { n: 1, fecha: "2026-05-10", monto: "1234.50", nombre: 'PÉREZ, "EL TANO"' };
    yield { n: 2, fecha: "0001-01-01", monto: null, nombre: "" };
  }
  const n = await writeXlsx(
    out,
    "Autorizaciones",
    [
      { header: "Número", value: (r) => r.n, type: "integer" },
      { header: "Fecha", value: (r) => r.fecha, type: "date" },
      { header: "Coseguro", value: (r) => r.monto, type: "money" },
      { header: "Afiliado", value: (r) => r.nombre },
    ],
    rows(),
  );
  expect(n).toBe(2);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet("Autorizaciones")!;
  expect(ws.getRow(1).values).toEqual([undefined, "Número", "Fecha", "Coseguro", "Afiliado"]);
  expect(ws.getRow(1).font?.bold).toBe(true);
  expect(ws.getCell("B2").value).toEqual(new Date(Date.UTC(2026, 4, 10)));
  expect(ws.getCell("C2").value).toBe(1234.5);
  expect(ws.getCell("D2").value).toBe('PÉREZ, "EL TANO"');
  expect(ws.getCell("B3").value).toBeNull();
  // Each column keeps its own format (the writer shares one style object per column between all its cells)
  expect(ws.getCell("B2").numFmt).toBe("dd/mm/yyyy");
  expect(ws.getCell("C2").numFmt).toBe('"$" #,##0.00');
  expect(ws.getCell("A2").numFmt).toBe("0");
  expect(ws.getCell("D2").numFmt).toBeUndefined();
  expect(ws.getCell("D2").font?.bold).toBeUndefined();
});

test("date columns: the calendar day at midnight UTC across a leap day and a year boundary; an impossible date stays text", async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const fechas = [
    "2028-02-29",
    "2026-12-31T00:00:00Z",
    "2027-01-01",
    "2026-02-30",
    "2025-02-29",
    "2026-13-01",
    "2026-04-00",
  ];
  await writeXlsx(out, "Fechas", [{ header: "Fecha", value: (r: string) => r, type: "date" }], fechas);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet("Fechas")!;
  expect(ws.getCell("A2").value).toEqual(new Date("2028-02-29T00:00:00Z"));
  expect(ws.getCell("A3").value).toEqual(new Date("2026-12-31T00:00:00Z"));
  expect(ws.getCell("A4").value).toEqual(new Date("2027-01-01T00:00:00Z"));
  expect(ws.getCell("A5").value).toBe("2026-02-30");
  expect(ws.getCell("A6").value).toBe("2025-02-29"); // not a leap year
  expect(ws.getCell("A7").value).toBe("2026-13-01");
  expect(ws.getCell("A8").value).toBe("2026-04-00");
});

test("a download cancelled half way stops the rows: their generator is returned (a snapshot reader is given back)", async () => {
  let released = false;
  let produced = 0;
  async function* rows() {
    try {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { n: i, texto: `fila ${i} ${"x".repeat(200)}` };
      }
    } finally {
      released = true;
    }
  }
  const response = xlsxResponse(
    "x",
    "Hoja",
    [
      { header: "N", value: (r) => r.n },
      { header: "Texto", value: (r) => r.texto },
    ],
    rows(),
  );
  const reader = response.body!.getReader();
  await reader.read(); // the first bytes: the writer is running
  await reader.cancel(); // the person closed the tab
  await expect.poll(() => released, { timeout: 10_000 }).toBe(true);
  expect(produced).toBeLessThan(1_000_000);
});

test("empty values leave empty cells: the values after them stay in their columns, with their types and formats", async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  type R = { a: string | null; n: number | null; f: string | null; m: string | undefined; t: string };
  const rows: R[] = [
    { a: "", n: null, f: null, m: undefined, t: "ÚLTIMA" },
    { a: "PÉREZ", n: 7, f: "2026-03-01", m: "10.5", t: "" },
  ];
  await writeXlsx(
    out,
    "Huecos",
    [
      { header: "A", value: (r: R) => r.a },
      { header: "N", value: (r: R) => r.n, type: "integer" },
      { header: "F", value: (r: R) => r.f, type: "date" },
      { header: "M", value: (r: R) => r.m, type: "money" },
      { header: "T", value: (r: R) => r.t },
    ],
    rows,
  );
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet("Huecos")!;
  expect(ws.getRow(1).values).toEqual([undefined, "A", "N", "F", "M", "T"]);
  for (const c of ["A2", "B2", "C2", "D2", "E3"]) expect(ws.getCell(c).value).toBeNull();
  expect(ws.getCell("E2").value).toBe("ÚLTIMA");
  expect(ws.getCell("A3").value).toBe("PÉREZ");
  expect(ws.getCell("B3").value).toBe(7);
  expect(ws.getCell("B3").numFmt).toBe("0");
  expect(ws.getCell("C3").value).toEqual(new Date(Date.UTC(2026, 2, 1)));
  expect(ws.getCell("C3").numFmt).toBe("dd/mm/yyyy");
  expect(ws.getCell("D3").value).toBe(10.5);
  expect(ws.getCell("D3").numFmt).toBe('"$" #,##0.00');
  expect(ws.rowCount).toBe(3);
});

describe("longTableHtml (the pre-settlement PDF's detail)", () => {
  const columns = [
    { header: "Nombre <afiliado>", cell: (r: { n: string }) => r.n, width: 60 },
    { header: "Cant.", cell: () => "1", width: 40, numeric: true },
  ];

  test("escapes what the data and the headers hold: a name is text, never markup", () => {
    const html = longTableHtml(columns, [{ n: `PEREZ & HIJOS <script>alert("x")</script>` }], { empty: "Sin filas" });
    expect(html).toContain("Nombre &lt;afiliado&gt;");
    expect(html).toContain("PEREZ &amp; HIJOS &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
  });

  test("cuts the rows into tables of `chunk`, each with its header row; no rows is the empty message", () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({ n: `N${i}` }));
    const html = longTableHtml(columns, rows, { empty: "Sin filas", chunk: 2 });
    expect(html.match(/<table/g)).toHaveLength(3);
    expect(html.match(/<thead>/g)).toHaveLength(3);
    expect(longTableHtml(columns, [], { empty: "Sin filas" })).toContain('colspan="2">Sin filas</td>');
  });
});
