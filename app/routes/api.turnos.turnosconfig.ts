// GET /api/turnos/turnosconfig → { resultado }: every procedure type's agenda (spec part 2 §7). Both turnos screens
// read it (their type lists), so either screen's grant opens it (ADR 030).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiScreen } from "~/auth/guards.server";
import { turnosConfig } from "~/modules/turnos/config.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiScreen(request, ["/turnos", "/listado-turnos"]);
  return json({ resultado: await turnosConfig() }, { headers: { "Cache-Control": "no-store" } });
}
