// Types shared by the CAPA form pieces and the routes that render it.
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { z } from "~/lib/zod";
import type { CapaSchema, IntegranteSchema } from "~/modules/capa/capa.schema";

/** The form's value: the schema's input plus the member's data shown read-only (not validated: the server's). */
export type CapaFormValue = Omit<z.input<typeof CapaSchema>, "integrantes"> & {
  integrantes?: z.input<typeof IntegranteSchema>[];
  afi_nombre?: string;
  afi_nro_afi?: string;
  afi_parentesco?: string;
  afi_edad?: string;
};
export type CapaFormMeta = FormMetadata<CapaFormValue, string[]>;
export type CapaFields = ReturnType<CapaFormMeta["getFieldset"]>;

/** Starting values of the form, in form terms (strings). */
export type CapaDefaults = {
  [k: string]: string | undefined | Record<string, string | undefined>[];
};

/** 'new' registers (operation 10); 'edit' modifies /regcapa/{id} (operation 11; DNI and its search locked). */
export type CapaMode = "new" | "edit";

/** The error dialog of a save or a search: titled with the message (spec §8). */
export type CapaPopup = { title: string; detail?: string };

/** What the form's action answers (a save that worked redirects instead); `key` is the screen's `base`. */
export type CapaActionResult =
  | { kind: "form"; key: string; result: SubmissionResult<string[]>; popup: CapaPopup | null }
  | { kind: "buscar"; key: string; values: CapaDefaults; popup: CapaPopup | null; at: number };

/** The loader's data of /regcapa and /regcapa/{id}. */
export type CapaScreenData = {
  mode: CapaMode;
  /** The record of the screen ('new-new', 'edit-12'): action answers carry it. */
  base: string;
  /** `base` plus the stamp of the last save: the form restarts when it changes. */
  key: string;
  fichaId: number | null;
  nroRegistro: number | null;
  fechaRegistracion: string | null;
  defaults: CapaDefaults;
  canSave: boolean;
  success: { msg: string; nro: number | null } | null;
};
