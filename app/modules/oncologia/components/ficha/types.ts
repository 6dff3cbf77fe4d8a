// Types shared by the ficha form sections.
import type { FormMetadata } from "@conform-to/react";
import type { z } from "zod";
import type { FichaSchema } from "~/modules/oncologia/fichas.schema";

export type FichaFormValue = z.input<typeof FichaSchema>;
export type FichaFormMeta = FormMetadata<FichaFormValue, string[]>;
export type FichaFields = ReturnType<FichaFormMeta["getFieldset"]>;

export type Catalogos = {
  organos: { id: number; descripcion: string }[];
  monodrogas: { id: number; descripcion: string }[];
  medicos: { id: number; apeynom: string }[];
};

export type SectionProps = { fields: FichaFields };
