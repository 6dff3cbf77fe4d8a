// Input of the public coverage lookup (spec part 1 §2 'CONSULTA DE COBERTURAS ESPECIALES'), shared by the
// screen's action, the JSON API and the coverage card.
import { z } from "~/lib/zod";
import { dniSchema, MSG_DNI_INVALIDO } from "~/lib/input";

export const RATE_LIMITED = "Demasiadas consultas desde su dirección. Intente nuevamente en unos minutos.";
/** All addresses together reached PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR (ADR 026). */
export const GLOBAL_RATE_LIMITED =
  "El servicio de consulta de coberturas recibió demasiadas consultas en la última hora. Intente nuevamente más tarde.";

export const ConsultaSchema = z.object({
  /** A DNI as people type it ('12.345.678', ' 12345678 '): dots and spaces dropped, then the one DNI schema. */
  dni: z
    .string({ error: MSG_DNI_INVALIDO })
    .max(20, MSG_DNI_INVALIDO)
    .transform((s) => s.replace(/[.\s]/g, ""))
    .pipe(dniSchema),
  /** Honeypot: a visually hidden field people leave empty (anything unreadable in it counts as filled). */
  website: z.string().max(500).optional().default("").catch("?"),
});

export type ConsultaInput = z.infer<typeof ConsultaSchema>;

/** Special coverages the public screen lists (spec part 1 §2/§9). */
export const SPECIAL_COVERAGES = [3, 8, 20, 40, 41, 42, 43, 44, 45, 53] as const;

/** Coverage codes with a booklet (static PDF under public/cartillas/). */
export const BOOKLET_CODES = [3, 44, 45, 43, 40, 20, 8, 41, 42] as const;

export function bookletHref(code: number): string | null {
  return (BOOKLET_CODES as readonly number[]).includes(code) ? `/cartillas/cartilla-${code}.pdf` : null;
}

/** What the public screen, the API and the card show of a member: nothing else (Ley 25.326). */
export type AfiliadoPublico = {
  apeynom: string;
  nroafi: string;
  numdoc: string;
  cuil: string;
  baperfenac: string | null;
  edad: number | null;
  estado: "ACTIVO" | "INACTIVO";
  estado_detalle: string | null;
  fechalta: string | null;
  plan: string | null;
};

export type CoberturaPublica = {
  gravcodgra: number;
  gravdesgra: string;
  enprfecvig: string;
  enprfecbaj: string;
  estado: "ACTIVA" | "INACTIVA";
  cartilla: string | null;
};

export type ConsultaResultado = { afiliado: AfiliadoPublico; coberturas: CoberturaPublica[] };
