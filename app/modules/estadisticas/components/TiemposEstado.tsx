// A first/last audit of the day against the shift, coloured by the 15/30-minute rule (../rules) and always with
// its text, so the state does not depend on colour alone.
import {
  formatMinutes,
  formatWallClock,
  NO_METRIC,
  SHIFT_STATE_TEXT,
  type ShiftState,
} from "~/modules/estadisticas/rules";

export function TiemposEstado({
  fechaHora,
  estado,
  minutos,
  borde,
}: {
  fechaHora: string | null | undefined;
  estado: ShiftState | null | undefined;
  /** Minutes after the shift start (start) or before the shift end (end). */
  minutos: number | null | undefined;
  borde: "inicio" | "fin";
}) {
  if (!fechaHora) return <>{NO_METRIC}</>;
  const when = formatWallClock(fechaHora);
  if (!estado || minutos == null)
    return (
      <span className="aud-estado aud-estado--none">
        {when}
        <small>Sin turno registrado</small>
      </span>
    );
  const detail =
    borde === "inicio"
      ? minutos <= 0
        ? "antes del inicio del turno"
        : `${formatMinutes(minutos)} después del inicio`
      : minutos <= 0
        ? "después del fin del turno"
        : `${formatMinutes(minutos)} antes del fin`;
  return (
    <span className={`aud-estado aud-estado--${estado}`}>
      {when}
      <small>
        {SHIFT_STATE_TEXT[estado]}: {detail}
      </small>
    </span>
  );
}
