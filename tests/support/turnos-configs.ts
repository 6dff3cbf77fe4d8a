// The agenda configurations, clock and operation sets the turnos rule tests share (app/modules/turnos/rules*.test.ts).
import { OP } from "~/auth/operations";
import type { TurnoConfig } from "~/modules/turnos/rules";

export const AFILIACIONES: TurnoConfig = {
  tipo_tramite: "AFILIACIONES",
  cant_puesto: 4,
  tiempo_por_turno: 15,
  inicio_turno: "07:30",
  fin_turno: "12:30",
};
export const REINTEGROS: TurnoConfig = {
  tipo_tramite: "REINTEGROS",
  cant_puesto: 2,
  tiempo_por_turno: 20,
  inicio_turno: "08:00",
  fin_turno: "12:00",
};

// Catamarca is UTC-3 all year: 08:00 there is 11:00Z.
export const at = (iso: string) => new Date(iso);
export const DIA = "2030-03-04"; // a Monday
export const OPS_20 = [OP.ASIGNAR_TURNO];
export const OPS_21 = [OP.VER_DETALLE_TURNO];
export const OPS_26 = [OP.MARCAR_TURNO_ATENDIDO];
export const OPS_ALL = [OP.ASIGNAR_TURNO, OP.VER_DETALLE_TURNO, OP.MARCAR_TURNO_ATENDIDO];
