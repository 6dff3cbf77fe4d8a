// The grid of 'Asignacion de Turnos' (spec part 2 §2, §4): one row per time (inicio_turno to fin_turno every
// tiempo_por_turno), one column per puesto, each cell the chip of its slot (chipDelTurno). A chip that opens a dialog
// is a link to the screen's URL with the dialog's parameters, so it works without JavaScript; a blocked or final
// slot is a plain, disabled chip. The table scrolls sideways on a narrow screen.
import { Link } from "@remix-run/react";
import { Chip, useScrollRegion } from "~/components/ui";
import { formatDateAR } from "~/lib/dates";
import {
  chipDelTurno,
  diaDeLaSemana,
  horasDelDia,
  type Operaciones,
  type Turno,
  type TurnoConfig,
} from "~/modules/turnos/rules";

export type GrillaTurnosProps = {
  config: TurnoConfig;
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

export function GrillaTurnos({ config, turnos, now, ops, hrefFor }: GrillaTurnosProps) {
  const region = useScrollRegion<HTMLDivElement>({ "aria-label": "Grilla de turnos" });
  const horas = horasDelDia(config);
  const puestos = Array.from({ length: config.cant_puesto }, (_, i) => i + 1);
  const porCelda = new Map(turnos.map((t) => [`${t.hora_turno.slice(0, 5)}|${t.puesto}`, t]));
  const fecha = turnos[0]?.fecha_turno;
  const caption = `Turnos de ${config.tipo_tramite}${fecha ? ` del ${diaDeLaSemana(fecha)} ${formatDateAR(fecha)}` : ""}`;

  return (
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
              {puestos.map((puesto) => {
                const turno = porCelda.get(`${hora}|${puesto}`);
                if (!turno) return <td key={puesto} />;
                const chip = chipDelTurno(turno, now, ops);
                const name = nombreDeCelda(chip.label, hora, puesto);
                return (
                  <td key={puesto}>
                    {chip.accion ? (
                      <Link
                        to={hrefFor(turno, chip.accion)}
                        preventScrollReset
                        className="turno-chip-link"
                        aria-label={name}
                      >
                        <Chip label={chip.label} tone={chip.tone} className="ui-chip--button" />
                      </Link>
                    ) : (
                      <Chip label={chip.label} tone={chip.tone} disabled />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
