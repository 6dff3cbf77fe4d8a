import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guards.server";

export const handle = { title: "Acerca de" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function AcercaDe() {
  return (
    <section className="screen about">
      <h2 className="screen-title">Sistema Integral de Consultas OSEP</h2>
      <p>
        Sistema de gestión interna de la Obra Social de los Empleados Públicos de Catamarca: afiliados, coberturas,
        autorizaciones, oncología, turnos, registros CAPA y MAE, prestadores, estadísticas y administración de usuarios.
      </p>
      <p>Desarrollado por el Departamento de Sistemas de OSEP.</p>
      <p className="about-copyright">© 2020 OSEP Catamarca</p>
    </section>
  );
}
