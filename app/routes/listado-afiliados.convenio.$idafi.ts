// JSON for the reciprocity agreement dialog of 'Listados de afiliados' (the screen's JavaScript loads it; without
// JavaScript the screen shows the same block inline with ?convenio=). Same guard as the screen.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireScreen } from "~/auth/guards.server";
import { IdafiSchema } from "~/modules/afiliados/listado.schema";
import { auditConvenioView, convenioDetalle } from "~/modules/afiliados/listado.server";

const NO_CONVENIO = "El afiliado no tiene convenio de reciprocidad";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-afiliados");
  const id = IdafiSchema.safeParse({ idafi: params.idafi ?? "" });
  if (!id.success) return json({ msg: id.error.issues[0].message }, { status: 400 });
  const convenio = await convenioDetalle(id.data.idafi);
  if (!convenio) return json({ msg: NO_CONVENIO }, { status: 404 });
  await auditConvenioView(user, convenio.idafi);
  return json({ convenio }, { headers: { "Cache-Control": "no-store" } });
}
