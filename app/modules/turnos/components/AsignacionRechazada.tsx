// The assignment dialog after a refusal at save (issue 28, ADR 051): the slot was taken by another desk meanwhile
// (409) or its 15-minute window closed (422). The dialog stays open, with and without JavaScript, with every value
// the clerk typed, says why, and offers the day's other free slots ('Turno libre', the next free one after the
// refused slot first), so one more 'Guardar' gives the person in front of the desk another slot.
import type { MotivoRechazo } from "~/modules/turnos/motivo-rechazo";
import { nroTurnoTexto, otrosTurnosLibres, valorDeSlot, type Turno } from "~/modules/turnos/rules";
import type { OtroTurno } from "./AsignacionCampos";
import { AsignarTurnoDialog } from "./AsignarTurnoDialog";
import type { AsignacionResultado, RechazoAsignacion, TurnosScreenData } from "./types";

const etiqueta = (t: Turno) => `${t.hora_turno.slice(0, 5)} · Puesto ${t.puesto} (turno ${nroTurnoTexto(t.nro_turno)})`;

/**
 * The choice a dialog whose slot is gone offers (refused at save, or heard taken by the live grid: ADR 079): the
 * day's other free slots of `turnos`, the one chosen before when it is still free, else the next after the slot.
 */
export function otroTurnoPara(
  slot: Turno,
  motivo: MotivoRechazo,
  elegidoAntes: string | null,
  grilla: { turnos: Turno[]; now: Date; ops: string[] },
): OtroTurno {
  const { libres, siguiente } = otrosTurnosLibres(grilla.turnos, slot.nro_turno, grilla.now, grilla.ops);
  const elegido = libres.some((t) => valorDeSlot(t) === elegidoAntes)
    ? elegidoAntes!
    : siguiente
      ? valorDeSlot(siguiente)
      : "";
  return {
    rechazado: valorDeSlot(slot),
    motivo,
    libres: libres.map((t) => ({ valor: valorDeSlot(t), etiqueta: etiqueta(t) })),
    elegido,
  };
}

export function AsignacionRechazada({
  resultado,
  rechazo,
  data,
  formAction,
  closeHref,
}: {
  resultado: AsignacionResultado;
  rechazo: RechazoAsignacion;
  data: TurnosScreenData;
  formAction: string;
  closeHref: string;
}) {
  const { values, grilla } = data;
  if (!grilla || rechazo.tipo_tramite !== values.tipo_tramite || rechazo.fecha_turno !== values.fecha_turno) {
    return null;
  }
  const refused = grilla.turnos.find((t) => valorDeSlot(t) === valorDeSlot(rechazo));
  if (!refused) return null;
  // The slot as the clerk opened it (free): its row now is someone else's, never edited from here.
  const turno: Turno = {
    ...refused,
    id: null,
    estado_turno: "VACIO",
    dni_afiliado: "",
    apeynom_afiliado: "",
    id_afiliado: null,
    observacion: null,
    operador: null,
    version: null,
  };
  return (
    <AsignarTurnoDialog
      turno={turno}
      valores={resultado.valores}
      formKey={`rechazo|${rechazo.at}`}
      lastResult={resultado.result}
      mensaje={resultado.mensaje}
      mensajeKey={resultado}
      formAction={formAction}
      closeHref={closeHref}
      otro={otroTurnoPara(refused, rechazo.motivo, rechazo.elegido, {
        turnos: grilla.turnos,
        now: new Date(data.nowMs),
        ops: data.ops,
      })}
    />
  );
}
