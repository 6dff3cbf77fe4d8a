// /home (login only): the welcome, and why the guards sent a signed-in user here when they asked for a screen their
// profile lacks (?sinPermiso=<path>, issue 28: only a known screen is named, app/modules/inicio/rules.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { Alert } from "~/components/ui";
import { parseInput, queryOf } from "~/lib/input";
import { InicioQuerySchema } from "~/modules/inicio/inicio.schema";
import { avisoSinPermiso } from "~/modules/inicio/rules";

export const handle = { title: "Inicio" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseInput(InicioQuerySchema, queryOf(request));
  return json({ apeynom: user.apeynom, aviso: avisoSinPermiso(query.ok ? query.data.sinPermiso : undefined) });
}

export default function Home() {
  const { apeynom, aviso } = useLoaderData<typeof loader>();
  return (
    <section className="screen home">
      <h2 className="screen-title">Bienvenido/a, {apeynom}</h2>
      {aviso ? <Alert severity="error">{aviso}</Alert> : null}
      <img src="/images/bienvenida.svg" alt="Bienvenido al Sistema Integral de Consultas OSEP" className="home-image" />
      <p>Elija una opción del menú para comenzar.</p>
    </section>
  );
}
