// Types shared by the ficha form sections.
import type { FormMetadata } from "@conform-to/react";
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
