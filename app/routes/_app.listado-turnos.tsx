// 'Consulta de Turnos' (spec part 2 §2, §5): a GET form (the URL holds the search) by member DNI or by date, plus the
// procedure type (TODOS by default; '-' refused). A DNI search ignores an empty DNI, a date search an empty date. The
// results table has no paging and an Excel export with the same filters; for operation 21 a row opens the turno's
// detail/status dialog (&turno=<id> in the URL, so it works without JavaScript).
import { json, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { requireScreen } from "~/auth/guards.server";
import { Alert, Busy, useAutoHide } from "~/components/ui";
import { EstadoTurnoDialog } from "~/modules/turnos/components/EstadoTurnoDialog";
import type { EstadoResultado } from "~/modules/turnos/components/types";
import { INTENT_ESTADO } from "~/modules/turnos/turnos.schema";
import { ListadoTurnosFiltros } from "~/modules/turnos/components/ListadoTurnosFiltros";
import { TablaTurnos } from "~/modules/turnos/components/TablaTurnos";
import { EXPORT_PATH } from "~/modules/turnos/listado-consulta";
import { MENSAJE_TURNO_MS, TURNO_MSG } from "~/modules/turnos/rules";
import { cambiarEstadoDesdeFormulario } from "~/modules/turnos/screen/actions.server";
import { listadoTurnosScreen } from "~/modules/turnos/screen/listado.server";
import styles from "~/styles/turnos.css";

const TITLE = "Consulta de Turnos";
const SCREEN = "/listado-turnos";
export const handle = { title: TITLE };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const href = (q: string, extra: Record<string, string> = {}) => {
  const p = new URLSearchParams(q);
  for (const [k, v] of Object.entries(extra)) p.set(k, v);
  const s = p.toString();
  return s ? `${SCREEN}?${s}` : SCREEN;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  return listadoTurnosScreen(request, user);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireScreen(request, SCREEN);
  const fd = await request.formData();
  if (fd.get("intent") !== INTENT_ESTADO) {
    return json<EstadoResultado>(
      { kind: "estado", id: 0, ok: false, msg: TURNO_MSG.ERROR, at: Date.now() },
      { status: 400 },
    );
  }
  const { status, resultado, js } = await cambiarEstadoDesdeFormulario(fd, user);
  if (resultado.ok && !js) {
    const url = new URL(request.url);
    url.searchParams.delete("turno");
    url.searchParams.set("ok", "estado");
    throw redirect(`${SCREEN}${url.search}`);
  }
  return json<EstadoResultado>(resultado, { status });
}

export default function ConsultaDeTurnos() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as EstadoResultado | undefined;
  const location = useLocation();
  const navigation = useNavigation();
  const mensaje = useAutoHide(data.mensaje, MENSAJE_TURNO_MS, location.key);
  const listHref = href(data.query);
  const here = `${location.pathname}${location.search}`;
  const cargando =
    navigation.state === "loading" && navigation.location?.pathname === SCREEN && navigation.formMethod !== "POST";

  return (
    <section className="screen listado-turnos-screen">
      <ListadoTurnosFiltros
        key={location.search}
        action={SCREEN}
        values={data.values}
        errors={data.errors}
        tipos={data.tipos}
      />
      {mensaje ? <Alert severity="success">{mensaje}</Alert> : null}
      {data.turnos ? (
        <Busy busy={cargando}>
          <div className="listado-turnos-acciones">
            {data.turnos.length > 0 ? (
              <a className="ui-button ui-button--secondary" href={`${EXPORT_PATH}?${data.query}`} download>
                Exportar a Excel
              </a>
            ) : null}
            <Link className="ui-button ui-button--secondary" to={SCREEN}>
              Limpiar
            </Link>
          </div>
          {data.canDetail ? <p className="listado-turnos-hint">{TURNO_MSG.CLICK_DETALLE}</p> : null}
          <p className="ui-sr-only" role="status">
            {`${data.turnos.length} turnos encontrados`}
          </p>
          <TablaTurnos
            turnos={data.turnos}
            hrefFor={
              data.canDetail ? (t) => (t.id != null ? href(data.query, { turno: String(t.id) }) : listHref) : null
            }
          />
        </Busy>
      ) : null}
      {data.dialogo ? (
        <EstadoTurnoDialog
          turno={data.dialogo.turno}
          opciones={data.dialogo.opciones}
          closeHref={listHref}
          savedHref={href(data.query, { ok: "estado" })}
          formAction={here}
          resultado={answer?.kind === "estado" ? answer : null}
        />
      ) : null}
    </section>
  );
}
