// 'Asignacion de Turnos' (/turnos): the filter form, the messages, the dialog the URL opens and the day's grid. The
// data comes from turnos/screen/loaders.server.ts (turnosScreen); with JavaScript the chips are re-evaluated every 60 s
// and the grid stays live (GrillaEnVivo: other desks' changes within seconds, ADR 052). Without JavaScript the dialog
// is a panel of the page, above the grid (where the eye is after the page reloads at its top), and a refused save is
// said at the top too (issue 39, ADR 076).
import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert, Busy, Dialog, useAutoHide, useFocusBack, useHydrated } from "~/components/ui";
import {
  INTERVALO_BLOQUEO_MS,
  MENSAJE_TURNO_MS,
  puedeConfirmarLlegada,
  TURNO_MSG,
  TURNOS_SCREEN,
  tomadoEnOtroPuesto,
  turnosHref,
  type Turno,
} from "~/modules/turnos/rules";
import { MOTIVO_MSG } from "~/modules/turnos/motivo-rechazo";
import { AsignacionRechazada, otroTurnoPara } from "./AsignacionRechazada";
import { AsignarTurnoDialog, valoresDelTurno } from "./AsignarTurnoDialog";
import { EstadoTurnoDialog } from "./EstadoTurnoDialog";
import { AvisoEnVivo, useGrillaEnVivo } from "./GrillaEnVivo";
import { GrillaTurnos } from "./GrillaTurnos";
import { TurnosFiltros } from "./TurnosFiltros";
import type { AsignacionResultado, TurnosActionResult, TurnosScreenData } from "./types";

type Vista = { tipo_tramite: string; fecha_turno: string } | null;

/** The blocking clock: the server's at first (no hydration mismatch), then the browser's, every 60 s. */
function useReloj(serverNowMs: number): Date {
  const [now, setNow] = useState(() => new Date(serverNowMs));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), INTERVALO_BLOQUEO_MS);
    return () => clearInterval(timer);
  }, [serverNowMs]);
  return now;
}

/** The grid cell (data-slot 'HH:MM|puesto') of the open dialog, or null. */
function slotAbierto(dialogo: TurnosScreenData["dialogo"]): string | null {
  return dialogo ? `${dialogo.turno.hora_turno.slice(0, 5)}|${dialogo.turno.puesto}` : null;
}

/** Without JavaScript the page reloads at its top after a save: a refused one says so there too (issue 39). */
const NO_GUARDADO = "No se guardó el turno";

/** Why the last save was refused (not a lookup's message), or null. */
function rechazoDelGuardado(answer: TurnosActionResult | undefined): string | null {
  if (answer?.kind !== "asignar") return null;
  if (answer.rechazo) return MOTIVO_MSG[answer.rechazo.motivo];
  return answer.mensaje?.severity === "error" && !answer.mensaje.busqueda ? answer.mensaje.msg : null;
}

/** The screen's messages: the last save's, an error, a warning, and the grid's load error. */
function AvisosTurnos(props: {
  data: TurnosScreenData;
  answer: TurnosActionResult | undefined;
  cargaCerrada: boolean;
  onCerrarCarga: () => void;
}) {
  const { data, answer } = props;
  const location = useLocation();
  const hydrated = useHydrated();
  const mensaje = useAutoHide(data.mensaje, MENSAJE_TURNO_MS, location.key);
  const otroError = answer?.kind === "error" ? answer.msg : null;
  // A refused save says why in its dialog (issue 28), not again behind it.
  const rechazada = answer?.kind === "asignar" && answer.rechazo != null;
  const aviso = useAutoHide(rechazada ? null : data.aviso, MENSAJE_TURNO_MS, location.key);
  // With JavaScript the dialog stays in front and says why; without it the panel says it and so does the top.
  const noGuardado = hydrated ? null : rechazoDelGuardado(answer);
  return (
    <>
      {noGuardado ? (
        <Alert severity="error" title={NO_GUARDADO}>
          {noGuardado}
        </Alert>
      ) : null}
      {mensaje ? <Alert severity="success">{mensaje}</Alert> : null}
      {otroError ? <Alert severity="error">{otroError}</Alert> : null}
      {aviso ? <Alert severity="warning">{aviso}</Alert> : null}
      {data.errorCarga && !hydrated ? (
        <Alert severity="error" title={TURNO_MSG.ERROR_CARGA}>
          {data.errorCarga}
        </Alert>
      ) : null}
      {data.errorCarga && hydrated ? (
        <Dialog
          open={!props.cargaCerrada}
          onOpenChange={(o) => !o && props.onCerrarCarga()}
          title={TURNO_MSG.ERROR_CARGA}
          size="small"
        >
          <Alert severity="error">{data.errorCarga}</Alert>
        </Dialog>
      ) : null}
    </>
  );
}

/**
 * The dialog the URL opens: a slot's assignment dialog (after a refusal at save, the refused one with what was typed:
 * AsignacionRechazada) or a turno's status one. `vivo` is the grid as the live reload last read it (ADR 079): an open
 * free slot taken at another desk meanwhile makes its dialog say so and offer another free slot, keeping what was typed.
 */
function DialogoAbierto(props: {
  data: TurnosScreenData;
  vivo: TurnosScreenData;
  answer: TurnosActionResult | undefined;
  vista: Vista;
}) {
  const { answer, vista, vivo } = props;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const gridHref = vista ? turnosHref(vista) : TURNOS_SCREEN;
  // The last member lookup of the open slot restarts its form with the lookup's values.
  const lookup = useRef<AsignacionResultado | null>(null);
  const dialogo = props.data.dialogo;
  if (answer?.kind === "asignar" && answer.rechazo) {
    const rechazo = answer.rechazo;
    return (
      <AsignacionRechazada resultado={answer} rechazo={rechazo} data={vivo} formAction={here} closeHref={gridHref} />
    );
  }
  const asignacion =
    answer?.kind === "asignar" && dialogo?.kind === "asignar" && answer.key === dialogo.key ? answer : null;
  // A new page (any GET navigation clears the action's answer) starts from the turno's values again.
  if (!answer) lookup.current = null;
  if (asignacion?.lookupAt) lookup.current = asignacion;
  if (lookup.current && (dialogo?.kind !== "asignar" || lookup.current.key !== dialogo.key)) lookup.current = null;

  if (dialogo?.kind === "asignar") {
    const t = dialogo.turno;
    const tomado = vivo.grilla != null && tomadoEnOtroPuesto(t, vivo.grilla.turnos);
    const grilla = { turnos: vivo.grilla?.turnos ?? [], now: new Date(vivo.nowMs), ops: vivo.ops };
    const confirmar =
      t.id != null && puedeConfirmarLlegada(t.estado_turno, props.data.ops)
        ? turnosHref(vista ?? {}, { turno: String(t.id) })
        : null;
    return (
      <AsignarTurnoDialog
        turno={dialogo.turno}
        valores={lookup.current?.valores ?? asignacion?.valores ?? valoresDelTurno(dialogo.turno)}
        formKey={`${dialogo.key}|${lookup.current?.lookupAt ?? 0}`}
        lastResult={asignacion?.result}
        mensaje={asignacion?.mensaje ?? null}
        mensajeKey={asignacion}
        formAction={here}
        closeHref={gridHref}
        otro={tomado ? otroTurnoPara(t, "taken-elsewhere", null, grilla) : undefined}
        confirmarHref={confirmar}
      />
    );
  }
  if (dialogo?.kind !== "estado") return null;
  return (
    <EstadoTurnoDialog
      turno={dialogo.turno}
      opciones={dialogo.opciones}
      closeHref={gridHref}
      savedHref={turnosHref(vista ?? {}, { ok: "estado" })}
      formAction={here}
      resultado={answer?.kind === "estado" ? answer : null}
    />
  );
}

export function TurnosScreen({ data, answer }: { data: TurnosScreenData; answer: TurnosActionResult | undefined }) {
  const navigation = useNavigation();
  const location = useLocation();
  const now = useReloj(data.nowMs);
  const [fecha, setFecha] = useState(data.values.fecha_turno);
  const [cargaCerrada, setCargaCerrada] = useState(false);
  // Closing a dialog (Escape, ×, the close link, a save) gives the focus back to the chip that opened it (issue 28).
  useFocusBack(slotAbierto(data.dialogo), (slot) => `a[data-slot="${CSS.escape(slot)}"]`);
  useEffect(() => {
    setFecha(data.values.fecha_turno);
    setCargaCerrada(false);
  }, [data.values.fecha_turno, location.search]);

  const vista = data.grilla ? { tipo_tramite: data.values.tipo_tramite, fecha_turno: data.values.fecha_turno } : null;
  const enVivo = useGrillaEnVivo(vista, data);
  const grilla = enVivo.datos.grilla;
  const hydrated = useHydrated();
  const cargando =
    navigation.state === "loading" &&
    navigation.location?.pathname === TURNOS_SCREEN &&
    navigation.formMethod !== "POST";
  const hrefFor = (t: Turno, accion: "asignar" | "estado") =>
    accion === "estado" && t.id != null
      ? turnosHref(vista ?? {}, { turno: String(t.id) })
      : turnosHref(vista ?? {}, { hora_turno: t.hora_turno.slice(0, 5), puesto: String(t.puesto) });

  return (
    <section className="screen turnos-screen">
      <TurnosFiltros
        tipos={data.tipos}
        values={data.values}
        today={data.today}
        errors={data.errors}
        fecha={fecha}
        onFecha={setFecha}
      />
      <AvisosTurnos
        data={data}
        answer={answer}
        cargaCerrada={cargaCerrada}
        onCerrarCarga={() => setCargaCerrada(true)}
      />
      {vista && hydrated ? <AvisoEnVivo estado={enVivo.estado} cambios={enVivo.cambios} /> : null}
      <DialogoAbierto data={data} vivo={enVivo.datos} answer={answer} vista={vista} />
      {/* the session ended: the grid is no longer live and may be out of date (ADR 079) */}
      <Busy busy={cargando} className={enVivo.estado === "sin-sesion" ? "turnos-grilla--no-vigente" : undefined}>
        {grilla ? (
          <GrillaTurnos
            config={grilla.config}
            fecha={data.values.fecha_turno}
            turnos={grilla.turnos}
            now={now}
            ops={data.ops}
            hrefFor={hrefFor}
          />
        ) : null}
      </Busy>
    </section>
  );
}
