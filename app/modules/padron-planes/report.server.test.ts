// Issue 38 item 7: Padrón de Planes' PDF (A3 landscape) carries 'Página X de Y' at the foot of every page, as the
// other report PDFs — read back from the PDF's text (pdftotext, poppler-utils).
import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";
import type { EnrolmentRow, PlanesReportData } from "./padron-planes.server";
import { planesPdf, REPORT_TITLE } from "./report.server";

restorePdfBrowserAfterEach();

/** Enough rows for several A3 landscape pages. */
const ROWS = 160;

function row(i: number): EnrolmentRow {
  return {
    idenrolamiento: i,
    baperapell: `APELLIDO${i}`,
    bapernombr: "NOMBRE",
    dni: String(20_000_000 + i),
    bagfmnroaf: `${100_000 + i}/00`,
    estado: i % 10 === 0 ? "INACTIVO" : "ACTIVO",
    vencido: false,
    enprfecvig: "2025-01-01",
    enprfecbaj: null,
    edad: 40,
    localidad: "MENDOZA",
    tipoconvenio: null,
  } as unknown as EnrolmentRow;
}

test("the PDF of Padrón de Planes: 'Página X de Y' on every A3 page", async () => {
  const data = {
    rows: Array.from({ length: ROWS }, (_, i) => row(i + 1)),
    total: ROWS,
    filter: { cod_padron: 1 },
    cobertura: "1 - PLAN MATERNO",
    datos_al: "01/12/2026 06:00",
    generatedAt: "01/12/2026 10:00",
  } as unknown as PlanesReportData;
  const res = await planesPdf(data);
  expect(res.headers.get("Content-Type")).toMatch(/application\/pdf/);
  const pdf = Buffer.from(await res.arrayBuffer());
  const pages = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf })
    .toString("utf8")
    .split("\f")
    .slice(0, -1);
  expect(pages.length).toBeGreaterThan(1);
  pages.forEach((p, i) => expect(p).toContain(`Página ${i + 1} de ${pages.length}`));
  expect(pages[0]).toContain(REPORT_TITLE);
  expect(pages.at(-1)).toContain(`APELLIDO${ROWS} NOMBRE`);
  const info = execFileSync("pdfinfo", ["-"], { input: pdf }).toString("utf8");
  const box = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info)!;
  expect(Math.abs(Number(box[1]) - 1190.6)).toBeLessThan(3); // A3 landscape
}, 60_000);
