// 'Consulta de Coberturas': the public coverage lookup inside the app shell (spec part 1 §2). Public route:
// no sign-in check (the shell shows the drawer only to signed-in users).
import type { ActionFunctionArgs, LinksFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ConsultaCoberturas } from "~/modules/coberturas/components/ConsultaCoberturas";
import { getOptionalUser } from "~/auth/guards.server";
import { consultaCoberturasAction } from "~/modules/coberturas/consulta-action.server";
import styles from "~/styles/coberturas.css";

const TITLE = "Consulta de Coberturas";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function action({ request }: ActionFunctionArgs) {
  return consultaCoberturasAction(request, await getOptionalUser(request)); // public (tests/unit/route-guards.test.ts), rate limited per address
}

export default function Screen() {
  const data = useActionData<typeof action>();
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <ConsultaCoberturas path="/consulta-coberturas" data={data} />
    </section>
  );
}
