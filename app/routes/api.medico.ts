// GET /api/medico (spec part 1 §7) → { resultado } for any signed-in token.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { listMedicos } from "~/modules/oncologia/catalogos.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json({ resultado: await listMedicos() }, { headers: { "Cache-Control": "no-store" } });
}
