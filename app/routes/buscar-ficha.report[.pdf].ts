// GET /buscar-ficha/report.pdf: 'Exportar a PDF' of Buscar Ficha with the same filters (query string). Anyone on the
// screen may export (the spec ties no operation code to this export); bad filters get a 400 Spanish message:
// the app's error page for a browser, JSON { msg } for an API client (x-auth-token).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireDownload } from "~/auth/guards.server";
import { errorResponse, forRequester } from "~/lib/http.server";
import { fieldErrors } from "~/lib/input";
import { audit } from "~/modules/audit-log/audit.server";
import { listOrganos } from "~/modules/oncologia/catalogos.server";
import { rawFilter } from "~/modules/oncologia/components/buscar/query";
import { FICHAS_LIMIT, searchFichas } from "~/modules/oncologia/fichas.server";
import { listadoFichasPdf } from "~/modules/oncologia/report.server";
import { FichaFilterSchema } from "~/modules/oncologia/fichas.schema";
import { getDb } from "~db/client.server";

const PAGE = { title: "Listado de Fichas", backHref: "/buscar-ficha" };

export function loader({ request }: LoaderFunctionArgs) {
  return forRequester(request, () => exportFichas(request), PAGE);
}

async function exportFichas(request: Request): Promise<Response> {
  const user = await requireDownload(request, "/buscar-ficha");
  const message = (status: number, msg: string) => errorResponse(request, status, msg, PAGE);
  const raw = rawFilter(new URL(request.url).searchParams);
  if (raw.afi_dni && !/^\d{1,8}$/.test(raw.afi_dni))
    return message(400, "DNI inválido: ingrese sólo números (hasta 8 dígitos)");
  const parsed = FichaFilterSchema.safeParse(raw);
  if (!parsed.success) return message(400, fieldErrors(parsed.error)[0]?.msg ?? "Filtros inválidos");
  const filter = parsed.data;
  const [rows, organos] = await Promise.all([searchFichas(filter), listOrganos()]);
  const organo =
    filter.organoId === -1
      ? "TODOS"
      : (organos.find((o) => o.id === filter.organoId)?.descripcion ?? String(filter.organoId));
  await audit(await getDb(), user, {
    accion: "fichas.listado.exportar",
    entidad: "ficha",
    detalle: { ...filter, filas: rows.length },
  });
  try {
    return await listadoFichasPdf({
      rows,
      filter,
      organo,
      generatedAt: new Date().toISOString(),
      limited: rows.length >= FICHAS_LIMIT,
    });
  } catch (err) {
    console.error(`[buscar-ficha/report.pdf] ${(err as Error).message}`);
    return message(503, "No fue posible generar el PDF. Intente nuevamente más tarde.");
  }
}
