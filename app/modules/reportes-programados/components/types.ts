// Types the screen's components read (browser-safe: no server module).
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "~/lib/zod";
import type { ProgramacionSchema } from "~/modules/reportes-programados/reportes-programados.schema";
import type { ArchivoVista, AVISOS, ProgramacionVista, Reporte } from "~/modules/reportes-programados/rules";

export type AvisoCode = keyof typeof AVISOS;

export type ResponsableOption = { cuit: string; nombre: string };

/** The loader's data of /reportes-programados. */
export type ScreenData = {
  programaciones: ProgramacionVista[];
  archivos: ArchivoVista[];
  /** Operation 40: the form and the buttons. */
  canProgramar: boolean;
  /** The reports whose files this user may download (their export operation): the others show no link. */
  descargables: Reporte[];
  responsables: ResponsableOption[];
  /** The schedule whose deletion is being confirmed without JavaScript (?eliminar=N). */
  confirmar: ProgramacionVista | null;
  aviso: AvisoCode | null;
  /** After a creation: the new schedule's id (the form starts empty for the next one). */
  creada: number | null;
  /** After 'Ejecutar ahora': that run, while its file is not there yet and after. */
  ejecucion: Ejecucion | null;
};

/** A run asked for from the screen: en curso until its file (or its failure) is there; `ref` reloads this state. */
export type Ejecucion = { programacion: number; estado: "en-curso" | "terminada" | "fallida"; ref: string };

/** A refused creation: the form as typed, with its errors. */
export type ActionResult = { result: SubmissionResult<string[]> };

export type ProgramacionFormValue = z.input<typeof ProgramacionSchema>;
