// GET /listado-capa/report.pdf?fecha_desde&fecha_hasta: 'Exportar a PDF' of the CAPA list ('CAPA Covid', A3
// landscape, report.pdf). Needs the screen and operation 12 (OP.EXPORTAR_CAPA): without it a browser gets the app's
// 403 page, an API client JSON { msg }; a bad range is a 400 the same way. Audited ('capa.exportar').
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { CapaFilterSchema } from "~/modules/capa/capa.schema";
import { exportCapa } from "~/modules/capa/capa.server";
import { capaPdf, REPORT_TITLE } from "~/modules/capa/report.server";
import { pdfUnavailableMessage } from "~reporting/render/pdf";

const PAGE = { title: REPORT_TITLE, backHref: "/listado-capa" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, "/listado-capa", OP.EXPORTAR_CAPA);
  return forRequester(request, () => exportPdf(request, user), PAGE);
}

async function exportPdf(request: Request, user: SessionUser): Promise<Response> {
  const raw = queryOf(request);
  const parsed = parseInput(CapaFilterSchema, { fecha_desde: raw.fecha_desde, fecha_hasta: raw.fecha_hasta });
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  const { fichas, total_records, limited } = await exportCapa(user, parsed.data, "pdf");
  try {
    return await capaPdf({
      fichas,
      filter: parsed.data,
      total: total_records,
      limited,
      generatedAt: new Date().toISOString(),
    });
  } catch (err) {
    console.error(`[listado-capa/report.pdf] ${(err as Error).message}`);
    const msg = pdfUnavailableMessage(err) ?? "No fue posible generar el PDF. Intente nuevamente más tarde.";
    return errorResponse(request, 503, msg, PAGE);
  }
}
