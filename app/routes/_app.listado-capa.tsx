// /listado-capa ('Listado de Registros CAPA Covid', spec part 2 §2, §9): the records registered in a date range
// (default today–today in Catamarca), 20 per page, newest first; the edit icon opens /regcapa/{id}; PDF and Excel
// exports of the range for holders of operation 12. A GET form: the URL holds the range and the page.
import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { can, requireScreen } from "~/auth/guards.server";
import { OP } from "~/auth/operations";
import { Alert, Busy } from "~/components/ui";
import { todayISO } from "~/lib/dates";
import { parseInput, queryOf, type FieldError } from "~/lib/input";
import { CapaListSchema } from "~/modules/capa/capa.schema";
import { listCapa } from "~/modules/capa/capa.server";
import { ExportLinks, ListadoFilters, ListadoTable } from "~/modules/capa/components/Listado";
import { CAPA_MSG, EXPORT_LIMIT, PAGE_SIZE } from "~/modules/capa/rules";
import styles from "~/styles/capa.css";
import type { FichaCapa } from "~/modules/capa/rules";

export const handle = { title: "Listado de Registros CAPA Covid" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, "/listado-capa");
  const raw = queryOf(request);
  const perms = { canExport: can(user, OP.EXPORTAR_CAPA), canModify: can(user, OP.MODIFICAR_CAPA) };
  // The screen pages by 20; size and for_export are the API's.
  const parsed = parseInput(CapaListSchema, {
    fecha_desde: raw.fecha_desde,
    fecha_hasta: raw.fecha_hasta,
    page: raw.page,
  });
  if (!parsed.ok) {
    const today = todayISO();
    const values = {
      fecha_desde: String(raw.fecha_desde ?? today).slice(0, 10),
      fecha_hasta: String(raw.fecha_hasta ?? today).slice(0, 10),
    };
    return json(
      { ...perms, ok: false as const, errors: parsed.errors, values, fichas: [] as FichaCapa[], total: 0, page: 0 },
      { status: 400 },
    );
  }
  const { fecha_desde, fecha_hasta, page } = parsed.data;
  const { fichas, total_records } = await listCapa({ ...parsed.data, size: PAGE_SIZE, for_export: false });
  return json({
    ...perms,
    ok: true as const,
    errors: [] as FieldError[],
    values: { fecha_desde, fecha_hasta },
    fichas,
    total: total_records,
    page,
  });
}

export default function ListadoCapa() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <section className="screen capa-listado">
      <ListadoFilters
        key={`${data.values.fecha_desde}-${data.values.fecha_hasta}`}
        values={data.values}
        errors={data.errors}
      />
      {data.ok ? (
        <>
          {data.canExport && data.total > 0 ? <ExportLinks rango={data.values} /> : null}
          {data.canExport && data.total > EXPORT_LIMIT ? (
            <p className="capa-note">Las exportaciones llevan los primeros {EXPORT_LIMIT} registros del rango.</p>
          ) : null}
          <ListadoTable
            rows={data.fichas as FichaCapa[]}
            total={data.total}
            page={data.page}
            size={PAGE_SIZE}
            rango={data.values}
            canModify={data.canModify}
          />
        </>
      ) : null}
      <Busy busy={navigation.state === "loading" && navigation.location.pathname === "/listado-capa"} fullScreen />
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <section className="screen" role="alert">
      <Alert severity="error" title={CAPA_MSG.LIST_ERROR}>
        {isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : "Intente nuevamente."}
      </Alert>
      <a className="ui-button ui-button--secondary" href="/listado-capa">
        Volver al listado
      </a>
    </section>
  );
}
