import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";

export const handle = { title: "Inicio" };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ apeynom: user.apeynom });
}

export default function Home() {
  const { apeynom } = useLoaderData<typeof loader>();
  return (
    <section className="screen home">
      <h2 className="screen-title">Bienvenido/a, {apeynom}</h2>
      <img src="/images/bienvenida.svg" alt="Bienvenido al Sistema Integral de Consultas OSEP" className="home-image" />
      <p>Elija una opción del menú para comenzar.</p>
    </section>
  );
}
