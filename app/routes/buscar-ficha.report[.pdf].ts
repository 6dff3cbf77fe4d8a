// GET /buscar-ficha/report.pdf: 'Exportar a PDF' of Buscar Ficha with the same filters (query string). It needs the
// screen and operation 3 (OP.EXPORTAR_FICHAS_PDF, 'Exportar listado de fichas a PDF'): without the operation a browser
// gets the app's 403 page, an API client (x-auth-token, Accept: application/json) JSON { msg }. Bad filters get a
// 400 Spanish message the same way (FichaFilterSchema, as the screen and POST /api/onco/buscarporfiltro read them);
// the user's PDFs or the queue full a 429 with Retry-After (ADR 061: at most FICHAS_LIMIT rows, printable in time).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput } from "~/lib/input";
import { rawFilter, SCREEN_PATH } from "~/modules/oncologia/buscar-query";
import { FichaFilterSchema } from "~/modules/oncologia/fichas.schema";
import { fichasReport, listadoFichasPdf } from "~/modules/oncologia/report.server";
import { OP } from "~/auth/operations";
import { pdfFailureResponse, printingFor } from "~/modules/reporting/report-print.server";

const PAGE = { title: "Listado de Fichas", backHref: SCREEN_PATH };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_FICHAS_PDF);
  return forRequester(request, () => exportFichas(request, user), PAGE);
}

async function exportFichas(request: Request, user: SessionUser): Promise<Response> {
  const parsed = parseInput(FichaFilterSchema, rawFilter(new URL(request.url).searchParams));
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  try {
    return await printingFor(user, request, "report", async () =>
      listadoFichasPdf(await fichasReport(user, parsed.data)),
    );
  } catch (err) {
    return pdfFailureResponse(request, err, { ...PAGE, tag: "buscar-ficha/report.pdf" });
  }
}
