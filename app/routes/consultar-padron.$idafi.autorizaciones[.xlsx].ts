// GET /consultar-padron/{idafi}/autorizaciones.xlsx: the member's authorisations with the screen's filters,
// sheet 'Autorizaciones' with the columns of spec part 1 §9, streamed. Screen /consultar-padron + operation 15;
// refusals answer a browser with the app's error page, an API client (x-auth-token) with JSON { msg }.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~db/client.server";
import { xlsxResponse } from "~reporting/render/excel";
import { todayISO } from "~/lib/dates";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { AUTH_EXCEL_COLUMNS, AUTH_SHEET } from "~/modules/afiliados/autorizaciones-excel.server";
import { BAD_IDAFI } from "~/modules/afiliados/autorizaciones.schema";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { MEMBER_NOT_FOUND, memberDni } from "~/modules/afiliados/consumo.server";
import { resolveMemberAuthFilter } from "~/modules/afiliados/ficha-consumo.server";
import { audit } from "~/modules/audit-log/audit.server";
import { OP } from "~db/reference";

export function loader({ request, params }: LoaderFunctionArgs) {
  return forRequester(request, () => exportAutorizaciones(request, params.idafi), { backHref: "/consultar-padron" });
}

async function exportAutorizaciones(request: Request, idafiParam: string | undefined): Promise<Response> {
  const user = await requireDownload(request, "/consultar-padron", OP.VER_FICHA_CONSUMO);
  const raw = (idafiParam ?? "").trim();
  const back = { backHref: "/consultar-padron" };
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) return errorResponse(request, 400, BAD_IDAFI, back);
  const idafi = Number(raw);
  const resolved = resolveMemberAuthFilter(idafi, new URL(request.url).searchParams, todayISO());
  if (!resolved.ok)
    return errorResponse(request, 400, resolved.msg, { backHref: `/consultar-padron/${idafi}?tab=consumo` });
  if (!(await memberDni(idafi))) return errorResponse(request, 404, MEMBER_NOT_FOUND, back);
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: idafi,
    detalle: { tab: "autorizaciones", exportacion: "xlsx", ...resolved.filter },
  });
  return xlsxResponse(
    `autorizaciones-${idafi}.xlsx`,
    AUTH_SHEET,
    AUTH_EXCEL_COLUMNS,
    streamAutorizaciones(resolved.filter),
  );
}
