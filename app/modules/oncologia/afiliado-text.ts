// Readable member texts for the ficha (sex, marital status, relationship) from the registry's codes; also used
// to show cases saved with the codes ('M', 'F', 'S' ...). Pure, shared by server and browser.
const SEXOS: Record<string, string> = { M: "MASCULINO", F: "FEMENINO", X: "NO BINARIO" };
const ESTADOS_CIVILES: Record<string, string> = {
  S: "SOLTERO/A",
  C: "CASADO/A",
  D: "DIVORCIADO/A",
  V: "VIUDO/A",
  U: "UNION CONVIVENCIAL",
  SE: "SEPARADO/A",
};

const clean = (v: string | null | undefined) => (v ?? "").trim();

/** 'M' → 'MASCULINO', 'F' → 'FEMENINO'; readable text passes through; empty → ''. */
export function sexoText(code: string | null | undefined): string {
  const v = clean(code);
  return SEXOS[v.toUpperCase()] ?? v.toUpperCase();
}

/** The registry's estcivil text, else the text of its code (escivilcod), else ''. */
export function estadoCivilText(estcivil: string | null | undefined, code?: string | null): string {
  const v = clean(estcivil);
  if (v && !(v.toUpperCase() in ESTADOS_CIVILES)) return v.toUpperCase();
  return ESTADOS_CIVILES[(v || clean(code)).toUpperCase()] ?? clean(code).toUpperCase();
}

/** The relationship text (descparentesco); the holder's family number '00' reads TITULAR when it is missing. */
export function parentescoText(desc: string | null | undefined, nroparentesco?: string | null): string {
  const v = clean(desc);
  if (v) return v.toUpperCase();
  return clean(nroparentesco) === "00" ? "TITULAR" : "";
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** The option of `options` that matches `value` ignoring case and accents ('CAPITAL' → 'Capital'), else value. */
export function matchOption(value: string | null | undefined, options: readonly string[]): string {
  const v = clean(value);
  if (!v) return "";
  return options.find((o) => fold(o) === fold(v)) ?? v;
}
