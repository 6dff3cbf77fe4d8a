// GET /liquidacion-prestadores/report.pdf?fecha_desde&fecha_hasta&responsable: 'Exportar a PDF' of Preliquidación
// (docs/decisions/057-statistics-pdfs.md; A4 landscape, every row with totals per practice and overall). Needs the
// screen and operation 33 (OP.EXPORTAR_PRELIQUIDACION); a provider only its own responsable (403 otherwise, the
// screen's rule); a bad filter is a 400; more rows than a PDF prints in time a 422 pointing to the CSV, the user's
// PDFs or the queue full a 429 with Retry-After (ADR 061); no snapshot or no Chromium a 503 — a browser gets the
// app's page, an API client JSON { msg }. Audited ('liquidacion.exportar', via 'pdf').
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { LiquidacionQuerySchema, SCREEN_PATH } from "~/modules/prestadores/liquidacion.schema";
import {
  exportPreliquidacion,
  PRELIQUIDACION_FILENAME,
  PRELIQUIDACION_TITLE,
} from "~/modules/prestadores/preliquidacion-report.server";
import { pdfFailureResponse } from "~/modules/reporting/report-print.server";
import { tablesProblem } from "~/modules/reporting/report-columns";
import { PRELIQUIDACION } from "~/modules/prestadores/liquidacion.columns";
import { pdfResponse } from "~reporting/render/pdf";

const PAGE = { title: PRELIQUIDACION_TITLE, backHref: SCREEN_PATH };
const FAILURE = { ...PAGE, tag: "liquidacion-prestadores/report.pdf" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_PRELIQUIDACION);
  return forRequester(request, () => exportPdf(request, user), PAGE);
}

async function exportPdf(request: Request, user: SessionUser): Promise<Response> {
  const parsed = parseInput(LiquidacionQuerySchema, queryOf(request));
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  const refused = tablesProblem(request, [PRELIQUIDACION]);
  if (refused) return errorResponse(request, 400, refused.msg, PAGE);
  const { fecha_desde, fecha_hasta, responsable } = parsed.data;
  try {
    const r = await exportPreliquidacion(user, { fecha_desde, fecha_hasta, responsable }, request);
    if (!r.ok) return errorResponse(request, r.status, r.msg, PAGE);
    return pdfResponse(r.pdf, PRELIQUIDACION_FILENAME);
  } catch (err) {
    return pdfFailureResponse(request, err, FAILURE);
  }
}
