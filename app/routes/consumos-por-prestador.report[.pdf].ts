// GET /consumos-por-prestador/report.pdf?tab=efector&codigo_efector&fecha_desde&fecha_hasta[&practica[&subitem]] or
// ?tab=ranking&fecha_desde&fecha_hasta: 'Exportar a PDF' of either tab of 'Consulta de Consumos de Prestadores'
// (docs/decisions/057-statistics-pdfs.md; A4 landscape). Needs the screen and operation 35
// (OP.EXPORTAR_CONSUMOS_PRESTADORES); a bad filter is a 400, the user's PDFs or the queue full a 429 with
// Retry-After (ADR 061), no snapshot or no Chromium a 503 — a browser gets the app's page, an API client JSON { msg }.
// Audited ('consumos.exportar').
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload, type SessionUser } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { errorResponse, forRequester } from "~/lib/http.server";
import { parseInput, queryOf } from "~/lib/input";
import {
  ConsumosEfectorSchema,
  ConsumosPdfTabSchema,
  ListadoConsumosSchema,
  RankingConsumosSchema,
  SCREEN_PATH,
  TAB_RANKING,
  type ConsumosTab,
} from "~/modules/estadisticas/consumos.schema";
import { CONSUMOS_FILENAME, CONSUMOS_TITLE, exportConsumos } from "~/modules/estadisticas/reports/consumos.server";
import { pdfFailureResponse } from "~/modules/reporting/report-print.server";
import { tablesProblem } from "~/modules/reporting/report-columns";
import { AUTORIZACIONES, PRACTICAS, RANKING } from "~/modules/estadisticas/reports/consumos.columns";
import { pdfResponse } from "~reporting/render/pdf";

const PAGE = { title: CONSUMOS_TITLE, backHref: SCREEN_PATH };
const FAILURE = { ...PAGE, tag: "consumos-por-prestador/report.pdf" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN_PATH, OP.EXPORTAR_CONSUMOS_PRESTADORES);
  return forRequester(request, () => exportPdf(request, user), PAGE);
}

/** The tab and its filter as the screen checks them (a chosen practice: the drill-down's 366-day limit). */
function parseFilter(raw: Record<string, string | undefined>) {
  const tab = parseInput(ConsumosPdfTabSchema, { tab: raw.tab });
  if (!tab.ok) return tab;
  const periodo = { fecha_desde: raw.fecha_desde, fecha_hasta: raw.fecha_hasta };
  if (tab.data.tab === TAB_RANKING) {
    const r = parseInput(RankingConsumosSchema, periodo);
    return r.ok ? { ok: true as const, tab: TAB_RANKING as ConsumosTab, filter: r.data } : r;
  }
  const efector = { ...periodo, codigo_efector: raw.codigo_efector };
  const e = raw.practica
    ? parseInput(ListadoConsumosSchema, { ...efector, practica: raw.practica, subitem: raw.subitem })
    : parseInput(ConsumosEfectorSchema, efector);
  return e.ok ? { ok: true as const, tab: tab.data.tab as ConsumosTab, filter: e.data } : e;
}

async function exportPdf(request: Request, user: SessionUser): Promise<Response> {
  const parsed = parseFilter(queryOf(request));
  if (!parsed.ok) return errorResponse(request, 400, parsed.msg, PAGE);
  const refused = tablesProblem(request, [PRACTICAS, AUTORIZACIONES, RANKING]);
  if (refused) return errorResponse(request, 400, refused.msg, PAGE);
  try {
    const pdf = await exportConsumos(user, parsed.tab, parsed.filter, request);
    return pdfResponse(pdf, CONSUMOS_FILENAME[parsed.tab]);
  } catch (err) {
    return pdfFailureResponse(request, err, FAILURE);
  }
}
