// GET /consultar-padron/{idafi}/autorizaciones.xlsx: the member's authorisations with the screen's filters,
// sheet 'Autorizaciones' with the columns of spec part 1 §9, streamed. Screen /consultar-padron + operation 15;
// refusals answer a browser with the app's error page, an API client (x-auth-token) with JSON { msg }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { xlsxResponse } from "~reporting/render/excel";
import { todayISO } from "~/lib/dates";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse } from "~/lib/http.server";
import { AUTH_EXCEL_COLUMNS, AUTH_SHEET } from "~/modules/afiliados/autorizaciones-excel.server";
import { recordAutorizacionesExport, streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { resolveMemberAuthFilter } from "~/modules/afiliados/ficha-consumo.server";
import { OP } from "~/auth/operations";
import { memberDownload } from "~/modules/afiliados/member-download.server";

const SCREEN = "/consultar-padron";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireDownload(request, SCREEN, OP.VER_FICHA_CONSUMO);
  return memberDownload(request, params.idafi, async ({ idafi }) => {
    const resolved = resolveMemberAuthFilter(idafi, new URL(request.url).searchParams, todayISO());
    if (!resolved.ok) return errorResponse(request, 400, resolved.msg, { backHref: `${SCREEN}/${idafi}?tab=consumo` });
    await recordAutorizacionesExport(user, resolved.filter);
    return xlsxResponse(
      `autorizaciones-${idafi}.xlsx`,
      AUTH_SHEET,
      AUTH_EXCEL_COLUMNS,
      streamAutorizaciones(resolved.filter),
    );
  });
}
