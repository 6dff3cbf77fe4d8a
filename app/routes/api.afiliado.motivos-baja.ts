// GET /api/afiliado/motivos-baja (spec part 1 §7): the leave reasons → { resultado: [{ bambacodig, bambadescr }] }.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/auth/guards.server";
import { motivosBaja } from "~/modules/afiliados/listado.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json({ resultado: await motivosBaja() }, { headers: { "Cache-Control": "no-store" } });
}
