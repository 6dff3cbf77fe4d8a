// GET /osep-tiempos-auditoria/report.pdf?fecha_desde&fecha_hasta: 'Exportar a PDF' of 'OSEP / Tiempos de Auditoria
// Médica' (docs/decisions/057-statistics-pdfs.md; A4 landscape). Needs the screen and operation 41
// (OP.EXPORTAR_TIEMPOS_AUDITORIA): without it a browser gets the app's 403 page, an API client JSON { msg }; a bad
// period is a 400 the same way; the user's PDFs or the queue full a 429 with Retry-After (ADR 061); no snapshot or no
// Chromium a 503. Audited ('tiempos_auditoria.exportar').
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import { EstadisticasQuerySchema, SCREEN_PATH } from "~/modules/estadisticas/auditoria.schema";
import {
  exportTiemposAuditoria,
  TIEMPOS_FILENAME,
  TIEMPOS_TITLE,
} from "~/modules/estadisticas/reports/tiempos-auditoria.server";
import { pdfFailureResponse } from "~/modules/reporting/report-print.server";
import { tablesProblem } from "~/modules/reporting/report-columns";
import { TIEMPOS_TABLES } from "~/modules/estadisticas/reports/tiempos-auditoria.columns";
import { pdfResponse } from "~reporting/render/pdf";

const PAGE = { title: TIEMPOS_TITLE, backHref: SCREEN_PATH };
const FAILURE = { ...PAGE, tag: "osep-tiempos-auditoria/report.pdf" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_TIEMPOS_AUDITORIA);
  return forRequester(request, () => exportPdf(request, user), PAGE);
}

async function exportPdf(request: Request, user: SessionUser): Promise<Response> {
  const raw = queryOf(request);
  const parsed = parseInput(EstadisticasQuerySchema, {
    fecha_desde: raw.fecha_desde,
    fecha_hasta: raw.fecha_hasta,
    auditor: "",
  });
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  const refused = tablesProblem(request, TIEMPOS_TABLES);
  if (refused) return errorResponse(request, 400, refused.msg, PAGE);
  const { fecha_desde, fecha_hasta } = parsed.data;
  try {
    return pdfResponse(await exportTiemposAuditoria(user, { fecha_desde, fecha_hasta }, request), TIEMPOS_FILENAME);
  } catch (err) {
    return pdfFailureResponse(request, err, FAILURE);
  }
}
