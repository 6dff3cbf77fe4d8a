// The students of a loaded MAE ficha (spec part 2 §2, §4): 'Alumnos (N)' with 'Agregar Alumno', the saved students'
// cards (each with its confirmation step when the URL asks for it, without JavaScript) and the new students' cards.
import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { MAE_CONFIRM, MAE_MSG } from "~/modules/mae/rules";
import { AlumnoCard } from "./AlumnoCard";
import { ConfirmacionUrl } from "./MaeDialogs";
import type { AlumnoAnswer, AlumnoValores, AlumnoVista, RegMaeData } from "./types";

/** A confirmation waiting in a dialog (JavaScript). */
export type Pendiente =
  | { tipo: "eliminar-ficha" }
  | { tipo: "eliminar-alumno"; alumno: AlumnoVista }
  | { tipo: "inactivar-alumno"; alumno: AlumnoVista }
  | { tipo: "cancelar-alumno"; card: string };

/** A saved student's card changes identity when its data does (a modify or an inactivation remounts it). */
const cardKey = (a: AlumnoVista) => `alumno-${a.id}-${a.version}-${a.estado ? 1 : 0}`;

/** A new student's empty card. */
const vacio = (): AlumnoValores => ({
  dni: "",
  apeynom: "",
  expediente: "",
  horario: "",
  escuela: "",
  escuela_nivel: "",
  observacion: "",
});

/** A saved student's values in its card. */
const valoresDeAlumno = (a: AlumnoVista): AlumnoValores => ({
  dni: a.dni,
  apeynom: a.apeynom,
  expediente: a.expediente,
  horario: a.horario,
  escuela: a.escuela,
  escuela_nivel: a.escuela_nivel,
  observacion: a.observacion ?? "",
  version: String(a.version),
});

type Props = {
  data: RegMaeData;
  ficha: NonNullable<RegMaeData["ficha"]>;
  alumnoAnswer: AlumnoAnswer | null;
  /** The new students' cards shown. */
  nuevos: string[];
  onAgregar: (e: MouseEvent<HTMLAnchorElement>) => void;
  /** With JavaScript: open a confirmation dialog instead of following the link / posting the step. */
  onPendiente?: (p: Pendiente) => void;
};

export function AlumnosLista({ data, ficha, alumnoAnswer, nuevos, onAgregar, onPendiente }: Props) {
  return (
    <section className="mae-alumnos" aria-labelledby="mae-alumnos-titulo">
      <div className="mae-alumnos-cabecera">
        <h3 id="mae-alumnos-titulo">Alumnos ({ficha.alumnos.length})</h3>
        {data.permisos.registrar ? (
          <Link
            to={`${data.path}?alumno=nuevo`}
            className="ui-button ui-button--primary"
            onClick={onAgregar}
            preventScrollReset
          >
            Agregar Alumno
          </Link>
        ) : null}
      </div>
      {ficha.alumnos.length === 0 && nuevos.length === 0 ? <p className="mae-vacio">{MAE_MSG.SIN_ALUMNOS}</p> : null}
      <ul className="mae-alumnos-lista">
        {ficha.alumnos.map((a, i) => {
          const card = `alumno-${a.id}`;
          const mine = alumnoAnswer?.card === card ? alumnoAnswer : null;
          return (
            <AlumnoCard
              key={`${cardKey(a)}-${mine?.at ?? 0}`}
              card={card}
              n={i + 1}
              fichaId={ficha.id}
              alumno={a}
              valores={mine?.valores ?? valoresDeAlumno(a)}
              lastResult={mine?.result}
              path={data.path}
              puedeRegistrar={data.permisos.registrar}
              onEliminar={onPendiente ? () => onPendiente({ tipo: "eliminar-alumno", alumno: a }) : undefined}
              onInactivar={onPendiente ? () => onPendiente({ tipo: "inactivar-alumno", alumno: a }) : undefined}
              confirmacion={<ConfirmacionDeAlumno data={data} alumno={a} card={card} />}
            />
          );
        })}
        {nuevos.map((card, i) => {
          const mine = alumnoAnswer?.card === card && !alumnoAnswer.done ? alumnoAnswer : null;
          return (
            <AlumnoCard
              key={`${card}-${mine?.at ?? 0}`}
              card={card}
              n={i + 1}
              fichaId={ficha.id}
              alumno={null}
              valores={mine?.valores ?? vacio()}
              lastResult={mine?.result}
              path={data.path}
              puedeRegistrar={data.permisos.registrar}
              confirmarCancelar={mine?.confirmarCancelar}
              onCancelar={onPendiente ? () => onPendiente({ tipo: "cancelar-alumno", card }) : undefined}
            />
          );
        })}
      </ul>
    </section>
  );
}

/** Without JavaScript: the delete / inactivate step of this student, when the URL asks for it. */
function ConfirmacionDeAlumno({ data, alumno, card }: { data: RegMaeData; alumno: AlumnoVista; card: string }) {
  const c =
    data.confirmar?.tipo === "eliminar-alumno" || data.confirmar?.tipo === "inactivar-alumno" ? data.confirmar : null;
  if (c?.alumno.id !== alumno.id) return null;
  return (
    <ConfirmacionUrl
      id={`${card}-confirmar`}
      c={c.tipo === "eliminar-alumno" ? MAE_CONFIRM.ELIMINAR_ALUMNO : MAE_CONFIRM.INACTIVAR_ALUMNO}
      which={`${c.alumno.apeynom} — DNI ${c.alumno.dni}`}
      action={data.path}
      closeHref={data.path}
      fields={{ intent: c.tipo, id: String(c.alumno.id), card, version: String(c.alumno.version) }}
    />
  );
}
