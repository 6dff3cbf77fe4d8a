// The 'Registro de Auditoría' screen's adapter: the loader's data of /registro-auditoria — the URL's filter (lenient:
// what cannot be read is dropped, filter.schema.ts; a bad page is refused with its message and the list without it)
// and the page of entries, 'Acción' in words and 'Detalle' as 'clave: valor' lines (./rules.ts). The route has
// checked the screen and operation 36.
import { json } from "@remix-run/node";
import { parseInput, queryOf } from "~/lib/input";
import { withoutTableParams } from "~/lib/table-state";
import { AUDIT_PAGE_SIZE, AuditFilterSchema, type AuditFilterInput } from "./filter.schema";
import { listAudit } from "./listado.server";
import { accionTexto, codigoDeAccion, detalleLineas } from "./rules";

const SCREEN = "/registro-auditoria";

/** The loader's data of /registro-auditoria: the entries of the URL's filter, or 400 with the refused page's message. */
export async function registroAuditoriaScreen(request: Request) {
  const parsed = parseInput(AuditFilterSchema, queryOf(request));
  const filter: AuditFilterInput = parsed.ok ? parsed.data : { page: 0 };
  const rechazo = parsed.ok
    ? null
    : { msg: parsed.msg, href: `${SCREEN}${withoutTableParams(new URL(request.url).search)}` };
  // The filter takes the words the column shows ('Ingreso') as well as the code ('login').
  const accion = filter.accion ? codigoDeAccion(filter.accion) : undefined;
  const { rows, total } = rechazo
    ? { rows: [], total: 0 }
    : await listAudit({ ...filter, accion, size: AUDIT_PAGE_SIZE });
  return json(
    {
      filter,
      total,
      rows: rows.map((r) => ({
        ...r,
        at: r.at.toISOString(),
        accion: accionTexto(r.accion),
        detalle: detalleLineas(r.detalle),
      })),
      rechazo,
    },
    { status: rechazo ? 400 : 200 },
  );
}
