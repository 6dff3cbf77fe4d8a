// GET /api/organo (spec part 1 §7) → { resultado } for any signed-in token.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { listOrganos } from "~/modules/oncologia/catalogos.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json({ resultado: await listOrganos() }, { headers: { "Cache-Control": "no-store" } });
}
