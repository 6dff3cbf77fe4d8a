// The grid of 'Asignacion de Turnos' (spec part 2 §2, §4): one row per time (inicio_turno to fin_turno every
// tiempo_por_turno), one column per puesto, each cell the chip of its slot (chipDelTurno). A chip that opens a dialog
// is a link to the screen's URL with the dialog's parameters, so it works without JavaScript; a blocked or final
// slot is a plain, disabled chip. A Saturday or Sunday says 'Sin atención' and a past day is read-only: neither shows
// free slots (ADR 051); today's free slots whose time has come show no chip either, and after the closing time today
// is read-only too (ADR 076). The table scrolls sideways on a narrow screen.
import { Link } from "@remix-run/react";
import { Chip, useScrollRegion } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import {
  chipDelTurno,
  diaDeLaSemana,
  diaPasado,
  diaSinAtencion,
  horarioTerminado,
  horasDelDia,
  libreALaVista,
  type Operaciones,
  type Turno,
  type TurnoConfig,
} from "~/modules/turnos/rules";

const SIN_ATENCION = "Sin atención";
const DIA_PASADO = "Día pasado: los turnos se muestran solo para consulta";
const HORARIO_TERMINADO = "Horario de atención terminado: los turnos de hoy se muestran solo para consulta";

export type GrillaTurnosProps = {
  config: TurnoConfig;
  /** The day shown (aaaa-mm-dd). */
  fecha: string;
  turnos: Turno[];
  /** The clock the chips are evaluated against (re-evaluated every INTERVALO_BLOQUEO_MS by the screen). */
  now: Date;
  ops: Operaciones;
  /** Where a click on a chip goes: the assignment dialog of the slot, or the status dialog of the turno. */
  hrefFor: (turno: Turno, accion: "asignar" | "estado") => string;
};

/** The accessible name of a cell: its chip, time and puesto ('Disponible, 08:00, puesto 2'). */
function nombreDeCelda(label: string, hora: string, puesto: number): string {
  return `${label}, ${hora}, puesto ${puesto}`;
}

/** One cell: the slot's chip (a link when it opens a dialog); empty for a free slot not offered (libreALaVista). */
function CeldaTurno(props: { turno: Turno | undefined } & Omit<GrillaTurnosProps, "config" | "fecha" | "turnos">) {
  const { turno, now, ops, hrefFor } = props;
  if (!turno) return <td />;
  if (turno.estado_turno === "VACIO" && !libreALaVista(turno.fecha_turno, turno.hora_turno, now)) return <td />;
  const chip = chipDelTurno(turno, now, ops);
  const hora = turno.hora_turno.slice(0, 5);
  const name = nombreDeCelda(chip.label, hora, turno.puesto);
  return (
    <td>
      {chip.accion ? (
        <Link
          to={hrefFor(turno, chip.accion)}
          preventScrollReset
          className="turno-chip-link"
          aria-label={name}
          data-slot={`${hora}|${turno.puesto}`}
        >
          <Chip label={chip.label} tone={chip.tone} className={`ui-chip--button turno-chip ${chip.clase}`} />
        </Link>
      ) : (
        <Chip label={chip.label} tone={chip.tone} className={`turno-chip ${chip.clase}`} disabled />
      )}
    </td>
  );
}

/** Why the day offers no free slot: no service (Saturday, Sunday), a past day (ADR 051), today after hours (ADR 076). */
function AvisoDelDia({ fecha, now, config }: { fecha: string; now: Date; config: TurnoConfig }) {
  if (diaSinAtencion(fecha)) {
    return (
      <p className="turnos-sin-atencion" role="status">
        {SIN_ATENCION} · {diaDeLaSemana(fecha)} {formatDateAR(fecha)}
      </p>
    );
  }
  if (diaPasado(fecha, now)) {
    return (
      <p className="turnos-dia-pasado" role="status">
        {DIA_PASADO}
      </p>
    );
  }
  if (horarioTerminado(fecha, config, now)) {
    return (
      <p className="turnos-dia-pasado" role="status">
        {HORARIO_TERMINADO}
      </p>
    );
  }
  return null;
}

export function GrillaTurnos({ config, fecha, turnos, now, ops, hrefFor }: GrillaTurnosProps) {
  const region = useScrollRegion<HTMLDivElement>({ "aria-label": "Grilla de turnos" });
  const horas = horasDelDia(config);
  const puestos = Array.from({ length: config.cant_puesto }, (_, i) => i + 1);
  const porCelda = new Map(turnos.map((t) => [`${t.hora_turno.slice(0, 5)}|${t.puesto}`, t]));
  const caption = `Turnos de ${config.tipo_tramite} del ${diaDeLaSemana(fecha)} ${formatDateAR(fecha)}`;

  return (
    <>
      <AvisoDelDia fecha={fecha} now={now} config={config} />
      {turnos.length > 0 ? (
        <div ref={region.ref} className="ui-table-wrap turnos-grilla-wrap" {...region.props}>
          <table className="ui-table turnos-grilla">
            <caption className="ui-table-caption">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Hora</th>
                {puestos.map((p) => (
                  <th key={p} scope="col">
                    Puesto {p}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {horas.map((hora) => (
                <tr key={hora}>
                  <th scope="row">{hora}</th>
                  {puestos.map((puesto) => (
                    <CeldaTurno
                      key={puesto}
                      turno={porCelda.get(`${hora}|${puesto}`)}
                      now={now}
                      ops={ops}
                      hrefFor={hrefFor}
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
