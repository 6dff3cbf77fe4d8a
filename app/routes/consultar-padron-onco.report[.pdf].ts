// 'Exportar a PDF' of 'Buscar Afiliados Enrolados' (spec part 1 §2: A3 landscape, report.pdf), printed by the shared
// Chromium. Guard: the screen plus operation 4. At most PDF_MAX_ROWS rows (a 422 with a clear message beyond: the
// Excel has them all); a bad filter is a 400, an unknown coverage a 422, the user's PDFs or the queue full a 429 with
// Retry-After (ADR 061), no snapshot or no Chromium a 503 — an HTML page for a person, JSON { msg } for a program.
// Audited ('padron_planes.exportar').
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { planesReportData } from "~/modules/padron-planes/padron-planes.server";
import { PlanesFilterSchema } from "~/modules/padron-planes/padron-planes.schema";
import { planesPdf, REPORT_TITLE } from "~/modules/padron-planes/report.server";
import { SCREEN_PATH } from "~/modules/padron-planes/rules";
import { pdfFailureResponse, printingFor } from "~/modules/reporting/report-print.server";

const PAGE = { title: REPORT_TITLE, backHref: SCREEN_PATH };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_PADRON_PLANES);
  return forRequester(request, () => exportPdf(request, user), PAGE);
}

async function exportPdf(request: Request, user: SessionUser): Promise<Response> {
  const parsed = parseInput(PlanesFilterSchema, queryOf(request));
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  try {
    return await printingFor(user, request, "report", async () => {
      const r = await planesReportData(user, parsed.data);
      return r.ok ? planesPdf(r.data) : errorResponse(request, r.status, r.msg, PAGE);
    });
  } catch (err) {
    return pdfFailureResponse(request, err, { ...PAGE, tag: "consultar-padron-onco/report.pdf" });
  }
}
