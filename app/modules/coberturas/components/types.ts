// The coverage lookup's answers, as its action sends them (consulta-action.server.ts) and its screen reads them.
// Browser-safe: types only.
import type { ConsultaResultado } from "~/modules/coberturas/consulta.schema";

/** What the action returns to the screen. */
export type ConsultaActionData =
  | { dni: string; resultado: ConsultaResultado }
  | { dni: string; fieldError: string }
  | { dni: string; notFound: true }
  | { dni: string; error: string };
