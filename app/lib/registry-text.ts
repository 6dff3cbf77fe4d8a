// Names and places as the member registry writes them (the legacy padrón: db/seed/names.ts, places.ts): upper case
// with the accents kept, Unicode NFC, no space at either end and one between words. What clerks type into CAPA and
// MAE (a locality, a household member's or a teacher's name, a school; since ADR 077 a MAE title and school level)
// is stored in this form (issue 28, ADR 054), so a list never shows 'Belén' beside 'BELÉN'; migrations 0008 and 0015
// brought the older rows to it (their SQL is the same rule).

/** `text` as the registry writes it: 'Belén  de  Catamarca ' → 'BELÉN DE CATAMARCA'. */
export function toRegistryText(text: string): string {
  return text.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleUpperCase("es-AR");
}

/** The same for an optional value: null / undefined stay null. */
export function toRegistryTextOrNull(text: string | null | undefined): string | null {
  return text == null ? null : toRegistryText(text);
}
