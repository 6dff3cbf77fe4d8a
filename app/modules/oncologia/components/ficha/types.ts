// Types shared by the ficha form sections.
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { z } from "~/lib/zod";
import type { FichaSchema, MonodrogaSchema } from "~/modules/oncologia/fichas.schema";

/** The form's value; the drug rows typed as rows (the schema reads them through a blank-row filter, input unknown). */
export type FichaFormValue = Omit<z.input<typeof FichaSchema>, "monodrogas"> & {
  monodrogas?: z.input<typeof MonodrogaSchema>[];
  /** The DNI the member's fields were filled for (by 'Buscar' or the stored ficha); empty when they were cleared. */
  afi_dni_buscado?: string;
};
export type FichaFormMeta = FormMetadata<FichaFormValue, string[]>;
export type FichaFields = ReturnType<FichaFormMeta["getFieldset"]>;

export type Catalogos = {
  organos: { id: number; descripcion: string }[];
  monodrogas: { id: number; descripcion: string }[];
  medicos: { id: number; apeynom: string }[];
};

export type SectionProps = { fields: FichaFields };

/** A value of the form's starting values, in form terms (a string, 'on' for a checked box, undefined for none). */
export type FormValue = string | undefined;
/** The form's starting values (./defaults.ts), or the values a member lookup restarts it with. */
export type FichaDefaults = Record<string, FormValue | Record<string, FormValue>[]>;

/** A dialog of the screen: an error of the save ('Error al crear Ficha') or the lookup's 'Afiliado No Existe'. */
export type Popup = { title: string; msg: string; kind: "error" | "afiliado" };

/** Nueva Ficha's action answer: the form's conform reply, or a member lookup's values for the form to restart with. */
export type NuevaFichaActionResult =
  | { kind: "form"; key: string; result: SubmissionResult<string[]>; popup: Popup | null }
  | { kind: "buscar"; key: string; values: FichaDefaults; popup: Popup | null; at: number };
