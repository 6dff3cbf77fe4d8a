// The detail/status dialog of a turno (spec part 2 §2, §4), shared by 'Asignacion de Turnos' (a CONFIRMADO chip) and
// 'Consulta de Turnos' (a row click, operation 21). The URL opens it (UrlDialog: a modal with JavaScript, the same
// content in the page without). Choices: opcionesDeEstado (the first is the default); header colour: colorDeEstado of
// the chosen status. Saving posts intent 'estado' to the screen's action; with JavaScript the answer stays in the
// dialog ('Operacion realizada con exito!') and the dialog closes CIERRE_DIALOGO_MS later, without it the action
// redirects to the screen (which closes it).
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Alert, Radio, useAutoHide, useHydrated, UrlDialog } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import {
  CIERRE_DIALOGO_MS,
  colorDeEstado,
  MENSAJE_TURNO_MS,
  nroTurnoTexto,
  type EstadoTurno,
  type Turno,
} from "~/modules/turnos/rules";
import { CAMPO_JS, INTENT_ESTADO } from "~/modules/turnos/turnos.schema";
import type { EstadoResultado } from "./types";

export type EstadoTurnoDialogProps = {
  turno: Turno & { id: number };
  opciones: EstadoTurno[];
  /** The screen's URL without the dialog's parameters. */
  closeHref: string;
  /** Where the dialog closes to after a successful save (the screen with its message). */
  savedHref: string;
  /** The URL the form posts to (the screen's action, dialog parameters included). */
  formAction: string;
  resultado: EstadoResultado | null;
};

const TITULO_ESTADO = "Detalle del turno";

function TurnoDetalle({ turno }: { turno: Turno }) {
  const items: [string, string][] = [
    ["Turno", nroTurnoTexto(turno.nro_turno)],
    ["Tipo de trámite", turno.tipo_tramite],
    ["Fecha", formatDateAR(turno.fecha_turno)],
    ["Hora", turno.hora_turno.slice(0, 5)],
    ["Puesto", String(turno.puesto)],
    ["DNI", turno.dni_afiliado],
    ["Apellido y Nombre", turno.apeynom_afiliado],
    ["Observación", turno.observacion ?? ""],
    ["Estado", turno.estado_turno],
    ["Operador", turno.operador ?? ""],
  ];
  return (
    <dl className="turno-detalle">
      {items.map(([k, v]) => (
        <div key={k} className="turno-detalle-item">
          <dt>{k}</dt>
          <dd>{v || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}

export function EstadoTurnoDialog({
  turno,
  opciones,
  closeHref,
  savedHref,
  formAction,
  resultado,
}: EstadoTurnoDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [elegido, setElegido] = useState<EstadoTurno | null>(opciones[0] ?? null);
  const propio = resultado && resultado.id === turno.id ? resultado : null;
  const mensaje = useAutoHide(propio?.msg ?? null, MENSAJE_TURNO_MS, propio);
  const guardado = Boolean(propio?.ok);

  // A new turno (or new choices after a save) starts again from the default choice.
  const clave = `${turno.id}|${opciones.join(",")}`;
  const [claveVista, setClaveVista] = useState(clave);
  if (clave !== claveVista) {
    setClaveVista(clave);
    setElegido(opciones[0] ?? null);
  }

  useEffect(() => {
    if (!propio?.ok) return;
    const timer = setTimeout(() => navigate(savedHref, { replace: true, preventScrollReset: true }), CIERRE_DIALOGO_MS);
    return () => clearTimeout(timer);
  }, [propio, savedHref, navigate]);

  const enviando = navigation.state === "submitting" && navigation.formData?.get("intent") === INTENT_ESTADO;
  const color = colorDeEstado(elegido ?? turno.estado_turno);
  const clase = `turno-estado turno-estado--${color}`;

  return (
    <UrlDialog
      id="turno-estado-titulo"
      title={`${TITULO_ESTADO} ${nroTurnoTexto(turno.nro_turno)}`}
      closeHref={closeHref}
      size="medium"
      className={clase}
      dialogClassName={clase}
      ownClose={opciones.length > 0 && !guardado}
    >
      <TurnoDetalle turno={turno} />
      {mensaje ? <Alert severity={propio?.ok ? "success" : "error"}>{mensaje}</Alert> : null}
      {opciones.length > 0 && !guardado ? (
        <Form method="post" action={formAction} preventScrollReset className="turno-estado-form">
          <input type="hidden" name="intent" value={INTENT_ESTADO} />
          <input type="hidden" name="id" value={turno.id} />
          {/* The version shown: a turno changed meanwhile by someone else is refused (ADR 047). */}
          {turno.version != null ? <input type="hidden" name="version" value={turno.version} /> : null}
          {hydrated ? <input type="hidden" name={CAMPO_JS} value="1" /> : null}
          <fieldset className="turno-estado-opciones">
            <legend>Nuevo estado</legend>
            {opciones.map((o, i) => (
              <Radio
                key={o}
                className="turno-estado-opcion"
                label={o}
                name="estado_turno"
                value={o}
                defaultChecked={i === 0}
                onChange={(e) => e.currentTarget.checked && setElegido(o)}
              />
            ))}
          </fieldset>
          <div className="turno-dialog-actions">
            <Link className="ui-button ui-button--secondary" to={closeHref} preventScrollReset replace>
              Cancelar
            </Link>
            <button type="submit" className="ui-button ui-button--primary" disabled={enviando}>
              {enviando ? "Guardando..." : "Guardar"}
            </button>
          </div>
        </Form>
      ) : null}
    </UrlDialog>
  );
}
