// 'Consulta de Prácticas' (spec part 1 §2): authorisations of a period grouped per practice as cards with a
// count and 'Ver Listado'. GET form: the URL holds filters, the open list (practica) and its page.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert } from "~/components/ui";
import { FiltrosPracticas } from "~/modules/practicas/components/FiltrosPracticas";
import { ListadoAutorizaciones } from "~/modules/practicas/components/ListadoAutorizaciones";
import { PracticaCards } from "~/modules/practicas/components/PracticaCards";
import { informesPracticasScreen } from "~/modules/practicas/screen.server";
import { MAX_PRACTICAS } from "~/modules/practicas/informe.schema";
import styles from "~/styles/practicas.css";
import { ERROR_TITLE } from "~/lib/messages";
import { formatCount } from "~/lib/numbers";

const TITLE = "Consulta de Prácticas";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireScreen(request, "/informes-practicas");
  return informesPracticasScreen(request);
}

function query(values: Record<string, string>, extra: Record<string, string | number> = {}): string {
  const q = new URLSearchParams({ buscar: "1" });
  for (const [k, v] of Object.entries(values)) if (v) q.set(k, v);
  for (const [k, v] of Object.entries(extra)) if (v !== "") q.set(k, String(v));
  return `?${q.toString()}`;
}

export default function InformesPracticas() {
  const { values, opciones, informe, listado, error, errors } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location?.pathname === "/informes-practicas";
  const total = informe?.resultado.reduce((s, r) => s + r.cantidad, 0) ?? 0;
  return (
    <section className="screen" aria-labelledby="screen-title">
      <h2 id="screen-title" className="screen-title">
        {TITLE}
      </h2>
      <FiltrosPracticas values={values} opciones={opciones} errors={errors} busy={busy} />
      {error && (
        <Alert severity="error" title={ERROR_TITLE}>
          {error}
        </Alert>
      )}
      {informe && (
        <>
          <p className="prac-summary" role="status">
            {informe.resultado.length === 0
              ? "No se encontraron autorizaciones para los filtros indicados"
              : `${informe.resultado.length} prácticas, ${formatCount(total)} autorizaciones`}
            {informe.truncado && ` (se muestran las ${MAX_PRACTICAS} prácticas más frecuentes; acote los filtros)`}
          </p>
          <PracticaCards
            rows={informe.resultado}
            hrefFor={(r) => query(values, { practica: r.practica, practica_subitem: r.subitem })}
          />
        </>
      )}
      {listado && (
        <ListadoAutorizaciones
          title={`Listado de autorizaciones - ${listado.descpractica}`}
          rows={listado.autorizaciones}
          total={listado.total}
          page={listado.page}
          size={listado.size}
          hrefFor={(page) =>
            query(values, { practica: listado.practica, practica_subitem: listado.practica_subitem, page })
          }
          closeHref={query(values)}
        />
      )}
    </section>
  );
}
