// What the /perfiles screen's components read from its adapter (screen.server.ts): browser-safe types only.
import type { SubmissionResult } from "@conform-to/react";
import type { TransferItem } from "~/components/ui/transfer-item";
import type { Perfil } from "~/modules/perfiles/rules";

export type Permisos = { crear: boolean; modificar: boolean; asignar: boolean };

export type DialogoVista =
  | { tipo: "crear" }
  | { tipo: "editar"; perfil: Perfil }
  | {
      tipo: "operaciones" | "pantallas";
      perfil: Perfil;
      disponibles: TransferItem[];
      agregadas: TransferItem[];
      /** Profile 1: shown read-only with this note. */
      fijo: string | null;
    }
  | { tipo: "no-existe"; msg: string };

/** What the screen gets back from a refused form: its intent, the message, and conform's result of the form. */
export type RespuestaPerfiles = { intent: string; msg: string; result?: SubmissionResult<string[]> };
