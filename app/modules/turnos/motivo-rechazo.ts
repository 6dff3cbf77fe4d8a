// Why the refused assignment dialog offers another free slot: a code the form posts back, never the message shown.
// Browser-safe: the dialog and the screen's action share it (ADR 080).
import { TURNO_MSG } from "./rules";

/**
 * Why the assignment dialog offers another free slot (ADR 051, 079): its save was refused because the slot was taken
 * meanwhile or its window closed (those failures' codes), or the live grid heard it taken at another desk. The refused
 * dialog posts it back (hidden) as this code, never as its message.
 */
export type MotivoRechazo = "slot-taken" | "window-closed" | "taken-elsewhere";

/** Each motive's message, as the dialog states it. */
export const MOTIVO_MSG: Readonly<Record<MotivoRechazo, string>> = {
  "slot-taken": TURNO_MSG.YA_ASIGNADO,
  "window-closed": TURNO_MSG.BLOQUEADO,
  "taken-elsewhere": TURNO_MSG.TOMADO_EN_OTRO_PUESTO,
};

/** Whether `v` (a failure's code, a posted value) is one of the motives. */
export const esMotivoRechazo = (v: string): v is MotivoRechazo => Object.hasOwn(MOTIVO_MSG, v);
