// CUIL/CUIT: the one implementation of the rule (docs/decisions/019-cuil-and-member-lookup.md). 11 digits: a type prefix
// (2 digits: 20, 23, 24, 27 people; 30, 33, 34 companies), the document or company number (8 digits) and a
// check digit by the official modulo-11 algorithm with weights 5,4,3,2,7,6,5,4,3,2. Pure and dependency-free, on the
// bottom floor (db/, like the registry of db/reference.ts) so that both the app (through app/modules/afiliados/rules.ts:
// screens, PDFs, the API) and the demo-data generator (db/seed/cuil.ts) use it without importing upwards.

const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The type prefixes AFIP hands out: 20/23/24/27 people, 30/33/34 companies. */
const CUIL_PREFIXES = [20, 23, 24, 27, 30, 33, 34] as const;

/** The raw modulo-11 result for prefix + number: 0..9 is the check digit, 10 means "not representable". */
export function cuilCheckDigit(prefix: number | string, number: number | string): number {
  const body = `${String(prefix).padStart(2, "0")}${String(number).padStart(8, "0")}`;
  if (!/^\d{10}$/.test(body)) throw new Error(`invalid CUIL body: ${body}`);
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (body.charCodeAt(i) - 48) * WEIGHTS[i];
  const z = 11 - (sum % 11);
  return z === 11 ? 0 : z;
}

/** The 11 digits of a CUIL typed or stored as text ('20-42850027-0', '20 42850027 0'), or null. */
export function cuilTextDigits(text: string | null | undefined): string | null {
  const s = (text ?? "").replace(/[\s-]/g, "");
  return /^\d{11}$/.test(s) ? s : null;
}

/** True when the 11 digits have a known prefix and the check digit the modulo-11 rule gives. */
function isValidCuilDigits(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const prefix = Number(digits.slice(0, 2));
  if (!(CUIL_PREFIXES as readonly number[]).includes(prefix)) return false;
  return cuilCheckDigit(prefix, digits.slice(2, 10)) === Number(digits[10]);
}

/** True for an 11-digit CUIL/CUIT (dashes and spaces allowed) with a known prefix and a matching check digit. */
export function isValidCuil(text: string | null | undefined): boolean {
  const digits = cuilTextDigits(text);
  return digits !== null && isValidCuilDigits(digits);
}

/** '20-42850027-0' from the 11 digits. */
export function formatCuilDigits(digits: string): string {
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/** The three columns of the registry (afiliados.cuil_prefijo, cuil_nrocentral, cuil_dtoverific). */
export type CuilParts = { cuil_prefijo: string | null; cuil_nrocentral: string | null; cuil_dtoverific: string | null };

/**
 * What the registry holds for a member's CUIL:
 * - `missing`: a part is null or blank, or the prefix or central number is all zeros (the legacy placeholder
 *   00-00000000-0). A check digit of '0' is a real digit, never "missing".
 * - `valid`: 11 digits (prefix and central number left-padded with zeros), known prefix, right check digit.
 * - `invalid`: present but wrong — malformed parts (letters, too many digits), unknown prefix or a check digit
 *   that does not match. `digits` is set when the parts still make 11 digits (the key contributions use).
 */
export type CuilCheck =
  | { kind: "missing" }
  | { kind: "valid"; digits: string; text: string }
  | { kind: "invalid"; digits: string | null; text: string };

export function checkCuilParts(p: CuilParts): CuilCheck {
  const [prefijo, central, digito] = [p.cuil_prefijo, p.cuil_nrocentral, p.cuil_dtoverific].map((x) =>
    (x ?? "").trim(),
  );
  if (prefijo === "" || central === "" || digito === "") return { kind: "missing" };
  if (/^0+$/.test(prefijo) || /^0+$/.test(central)) return { kind: "missing" };
  const wellFormed = /^\d{1,2}$/.test(prefijo) && /^\d{1,8}$/.test(central) && /^\d$/.test(digito);
  if (!wellFormed) return { kind: "invalid", digits: null, text: `${prefijo}-${central}-${digito}` };
  const digits = prefijo.padStart(2, "0") + central.padStart(8, "0") + digito;
  const text = formatCuilDigits(digits);
  return isValidCuilDigits(digits) ? { kind: "valid", digits, text } : { kind: "invalid", digits, text };
}
