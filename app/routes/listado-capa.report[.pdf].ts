// GET /listado-capa/report.pdf?fecha_desde&fecha_hasta: 'Exportar a PDF' of the CAPA list ('CAPA Covid', A3
// landscape, report.pdf). Needs the screen and operation 12 (OP.EXPORTAR_CAPA): without it a browser gets the app's
// 403 page, an API client JSON { msg }; a bad range is a 400 the same way; the user's PDFs or the queue full a 429
// with Retry-After (ADR 061: at most EXPORT_LIMIT rows, printable in time). Audited ('capa.exportar').
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { CapaFilterSchema } from "~/modules/capa/capa.schema";
import { exportCapa } from "~/modules/capa/capa.server";
import { capaPdf, REPORT_TITLE } from "~/modules/capa/report.server";
import { pdfFailureResponse, printingFor } from "~/modules/reporting/report-print.server";

const PAGE = { title: REPORT_TITLE, backHref: "/listado-capa" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, "/listado-capa", OP.EXPORTAR_CAPA);
  return forRequester(request, () => exportPdf(request, user), PAGE);
}

async function exportPdf(request: Request, user: SessionUser): Promise<Response> {
  const raw = queryOf(request);
  const parsed = parseInput(CapaFilterSchema, { fecha_desde: raw.fecha_desde, fecha_hasta: raw.fecha_hasta });
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  try {
    return await printingFor(user, request, "report", async () => {
      const { fichas, total_records, limited } = await exportCapa(user, parsed.data, "pdf");
      const generatedAt = new Date().toISOString();
      return capaPdf({ fichas, filter: parsed.data, total: total_records, limited, generatedAt });
    });
  } catch (err) {
    return pdfFailureResponse(request, err, { ...PAGE, tag: "listado-capa/report.pdf" });
  }
}
