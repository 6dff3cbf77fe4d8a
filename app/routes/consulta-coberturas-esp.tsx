// Public 'CONSULTA DE COBERTURAS ESPECIALES' (spec part 1 §2): no sign-in, own page without the shell.
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ConsultaCoberturas } from "~/modules/coberturas/components/ConsultaCoberturas";
import { getOptionalUser } from "~/auth/guards.server";
import { consultaCoberturasAction } from "~/modules/coberturas/consulta-action.server";
import styles from "~/styles/coberturas.css";

const TITLE = "CONSULTA DE COBERTURAS ESPECIALES";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: `${TITLE} - OSEP` }];

export async function action({ request }: ActionFunctionArgs) {
  return consultaCoberturasAction(request, await getOptionalUser(request)); // public (spec §2/§6; tests/unit/route-guards.test.ts), rate limited
}

export default function ConsultaCoberturasEsp() {
  const data = useActionData<typeof action>();
  return (
    <main className="public-page">
      <h1 className="cob-page-title">{TITLE}</h1>
      <ConsultaCoberturas path="/consulta-coberturas-esp" data={data} />
    </main>
  );
}
