// GET /reportes/estado: the reporting refresh's progress, for users with operation 34 (SnapshotBar polls it).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperation } from "~/auth/guards.server";
import { refreshEstado } from "~/modules/reporting/snapshot.server";
import { OP } from "~/auth/operations";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperation(request, OP.ACTUALIZAR_REPORTES);
  return json(refreshEstado(), { headers: { "Cache-Control": "no-store" } });
}
