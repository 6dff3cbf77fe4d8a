// 'Registro MAE' (spec part 2 §2, §4, §5, §8): the ficha form and, once a ficha is loaded, its students with
// 'Agregar Alumno'. Shared by /regmae, /regmae/{id} and the migration URL. With JavaScript the confirmations are
// dialogs and several new students can be open at once; without it each confirmation is a step addressed by the URL
// and one new student at a time is ?alumno=nuevo. docs/decisions/032-mae-registry.md.
import {
  isRouteErrorResponse,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteError,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useMemo, useState, type MouseEvent } from "react";
import { Alert, Busy, useHydrated } from "~/components/ui";
import {
  confirmarEliminarFicha,
  docenteAfiliado,
  MAE_CONFIRM,
  MAE_MSG,
  MAE_TITULO,
  type Confirmacion as Texto,
} from "~/modules/mae/rules";
import { AlumnosLista, type Pendiente } from "./AlumnosLista";
import { FichaMaeForm, sinFicha } from "./FichaMaeForm";
import { Confirmacion, ConfirmacionUrl, ResultadoDialog } from "./MaeDialogs";
import type { AlumnoAnswer, FichaAnswer, Popup, RegMaeAnswer, RegMaeData } from "./types";

export const TITLE = "Registro MAE";
const CONFIRMAR_FICHA = "mae-confirmar-ficha";

/** What 'Buscar' without JavaScript found: no ficha (a member's DNI: the registry's name, ADR 055). */
function notFoundText(data: RegMaeData): string | null {
  if (!data.buscado || data.buscado.error || data.modo !== "nuevo") return null;
  return data.buscado.afiliado ? docenteAfiliado(data.valores.anio_lectivo) : sinFicha(data.valores.anio_lectivo);
}

function textoDe(p: Pendiente | null, alumnos: number): Texto | null {
  if (!p) return null;
  if (p.tipo === "eliminar-ficha") return confirmarEliminarFicha(alumnos);
  if (p.tipo === "eliminar-alumno") return MAE_CONFIRM.ELIMINAR_ALUMNO;
  if (p.tipo === "inactivar-alumno") return MAE_CONFIRM.INACTIVAR_ALUMNO;
  return MAE_CONFIRM.CANCELAR_ALUMNO;
}

export function RegMaeScreen() {
  const data = useLoaderData<RegMaeData>();
  const answer = useActionData<RegMaeAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const ficha = data.ficha;
  const fichaAnswer = answer?.kind === "ficha" ? (answer as FichaAnswer) : null;
  const alumnoAnswer = answer?.kind === "alumno" ? (answer as AlumnoAnswer) : null;
  const nuevos = useNuevosAlumnos(data, alumnoAnswer, hydrated);
  const { pendiente, setPendiente, confirmar } = usePendiente(data, nuevos.quitarNuevo);

  const popup: Popup | null =
    answer?.popup ?? (data.exito ? { tone: "success", title: MAE_TITULO.EXITO, msg: data.exito } : null);
  const popupKey = answer ?? location.key;
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const fichaFormId = `ficha-${data.key}`;

  return (
    <section className="screen mae-screen">
      <h2 className="screen-title">{TITLE}</h2>
      <ResultadoDialog popup={popup} resetKey={popupKey} />
      {data.aviso ? <Alert severity="info">{data.aviso}</Alert> : null}
      {fichaAnswer?.existente ? (
        <Alert severity="warning">
          <Link to={`/regmae/${fichaAnswer.existente}`}>Ver la ficha MAE existente</Link>
        </Alert>
      ) : null}
      <FichaMaeForm
        key={fichaFormId}
        formId={fichaFormId}
        modo={data.modo}
        action={data.modo === "edicion" ? data.path : undefined}
        valores={data.valores}
        lastResult={fichaAnswer?.result}
        puedeGuardar={data.permisos.registrar}
        puedeEliminar={data.permisos.eliminar}
        eliminarHref={`${data.path}?confirmar=eliminar#${CONFIRMAR_FICHA}`}
        onEliminar={hydrated ? () => setPendiente({ tipo: "eliminar-ficha" }) : undefined}
        notFoundText={notFoundText(data)}
        modificarHref={data.modo === "lectura" && ficha ? data.path : null}
        nombrePadron={data.nombrePadron}
        migracion={data.migracion}
      />
      {data.confirmar?.tipo === "eliminar-ficha" ? (
        <ConfirmacionUrl
          id={CONFIRMAR_FICHA}
          c={confirmarEliminarFicha(data.confirmar.alumnos)}
          which={ficha ? `${ficha.apeynom} — DNI ${ficha.dni} — ${ficha.anio_lectivo}` : null}
          action={data.path}
          closeHref={data.path}
          fields={{ intent: "eliminar" }}
        />
      ) : null}
      {data.buscado?.error ? (
        <Alert severity="error" title={MAE_TITULO.ERROR}>
          {data.buscado.error}
        </Alert>
      ) : null}
      {ficha ? (
        <AlumnosLista
          data={data}
          ficha={ficha}
          alumnoAnswer={alumnoAnswer}
          nuevos={nuevos.visibles}
          onAgregar={nuevos.agregarAlumno}
          onPendiente={hydrated ? setPendiente : undefined}
        />
      ) : null}
      {hydrated ? (
        <Confirmacion
          c={textoDe(pendiente, ficha?.alumnos.length ?? 0)}
          open={pendiente != null}
          onConfirm={confirmar}
          onClose={() => setPendiente(null)}
        />
      ) : null}
      <Busy busy={busy} fullScreen label="Guardando..." />
    </section>
  );
}

/** New students not saved yet (JavaScript: any number; without it, ?alumno=nuevo or the card an answer is about). */
function useNuevosAlumnos(data: RegMaeData, alumnoAnswer: AlumnoAnswer | null, hydrated: boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const initialNuevos = useMemo(() => {
    const out: string[] = [];
    if (data.nuevoAlumno) out.push("nuevo");
    if (alumnoAnswer?.card.startsWith("nuevo") && !alumnoAnswer.done && !out.includes(alumnoAnswer.card))
      out.push(alumnoAnswer.card);
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cards of a ficha as it opens; later ones are state
  }, [data.ficha?.id]);
  const [nuevos, setNuevos] = useState<string[]>(initialNuevos);
  const [siguiente, setSiguiente] = useState(1);
  useEffect(() => setNuevos(initialNuevos), [initialNuevos]);
  // A saved new student is in the list now: its card goes.
  useEffect(() => {
    if (alumnoAnswer?.done) setNuevos((cards) => cards.filter((c) => c !== alumnoAnswer.card));
  }, [alumnoAnswer]);

  const visibles = !hydrated
    ? [
        ...(data.nuevoAlumno && !(alumnoAnswer?.card === "nuevo" && alumnoAnswer.done) ? ["nuevo"] : []),
        ...(alumnoAnswer?.card.startsWith("nuevo") && !alumnoAnswer.done && !data.nuevoAlumno
          ? [alumnoAnswer.card]
          : []),
      ]
    : nuevos;
  const quitarNuevo = (card: string) => {
    setNuevos((cards) => cards.filter((c) => c !== card));
    if (new URLSearchParams(location.search).get("alumno") === "nuevo" && data.ficha) {
      navigate(data.path, { replace: true, preventScrollReset: true });
    }
  };
  const agregarAlumno = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    setNuevos((cards) => [...cards, `nuevo-${siguiente}`]);
    setSiguiente((n) => n + 1);
  };
  return { visibles, quitarNuevo, agregarAlumno };
}

/** The confirmation waiting in a dialog, and what confirming it does (a POST, or dropping a new card). */
function usePendiente(data: RegMaeData, quitarNuevo: (card: string) => void) {
  const submit = useSubmit();
  const [pendiente, setPendiente] = useState<Pendiente | null>(null);
  const confirmar = () => {
    const p = pendiente;
    setPendiente(null);
    if (!p) return;
    if (p.tipo === "cancelar-alumno") return quitarNuevo(p.card);
    const fields: Record<string, string> =
      p.tipo === "eliminar-ficha"
        ? { intent: "eliminar" }
        : {
            intent: p.tipo,
            id: String(p.alumno.id),
            card: `alumno-${p.alumno.id}`,
            version: String(p.alumno.version),
          };
    submit(fields, { method: "post", action: data.path, preventScrollReset: true });
  };
  return { pendiente, setPendiente, confirmar };
}

/** A ficha that does not exist (or a bad URL): 404 with a way back. */
export function RegMaeError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="screen" role="alert">
      <h2 className="screen-title">{missing ? "Ficha MAE no encontrada" : "Error al obtener información"}</h2>
      <p>{missing ? MAE_MSG.FICHA_NO_EXISTE : "No se pudo abrir la ficha MAE. Intente nuevamente."}</p>
      <p className="mae-acciones">
        <Link to="/regmae" className="ui-button ui-button--secondary">
          Nueva ficha MAE
        </Link>
        <Link to="/listado-mae" className="ui-button ui-button--secondary">
          Volver
        </Link>
      </p>
    </section>
  );
}
