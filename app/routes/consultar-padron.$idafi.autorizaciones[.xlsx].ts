// GET /consultar-padron/{idafi}/autorizaciones.xlsx: the member's authorisations with the screen's filters,
// sheet 'Autorizaciones' with the columns of spec part 1 §9, streamed. Screen /consultar-padron + operation 15.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "../../db/client.server";
import { xlsxResponse } from "../../reporting/render/excel";
import { requireOperation } from "~/auth/guards.server";
import { todayISO } from "~/lib/dates";
import { apiError } from "~/lib/http.server";
import { AUTH_EXCEL_COLUMNS, AUTH_SHEET } from "~/modules/afiliados/autorizaciones-excel.server";
import { BAD_IDAFI } from "~/modules/afiliados/autorizaciones.schema";
import { streamAutorizaciones } from "~/modules/afiliados/autorizaciones.server";
import { MEMBER_NOT_FOUND, memberDni } from "~/modules/afiliados/consumo.server";
import { resolveMemberAuthFilter } from "~/modules/afiliados/ficha-consumo.server";
import { audit } from "~/modules/auditoria/audit.server";

const FICHA_CONSUMO = "15";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireOperation(request, FICHA_CONSUMO, "/consultar-padron");
  const raw = (params.idafi ?? "").trim();
  if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) return apiError(400, BAD_IDAFI);
  const idafi = Number(raw);
  const resolved = resolveMemberAuthFilter(idafi, new URL(request.url).searchParams, todayISO());
  if (!resolved.ok) return apiError(400, resolved.msg);
  if (!(await memberDni(idafi))) return apiError(404, MEMBER_NOT_FOUND);
  await audit(await getDb(), user, {
    accion: "afiliado.ver",
    entidad: "afiliado",
    entidadId: idafi,
    detalle: { tab: "autorizaciones", exportacion: "xlsx", ...resolved.filter },
  });
  return xlsxResponse(`autorizaciones-${idafi}.xlsx`, AUTH_SHEET, AUTH_EXCEL_COLUMNS, streamAutorizaciones(resolved.filter));
}
