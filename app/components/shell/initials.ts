// The signed-in user's initials for the narrow top bar (issue 28): the first letter of each word of the name,
// leaving out the joining words ('de', 'del', 'la', 'y'…), at most three ('ADMINISTRADOR DEL SISTEMA' → 'AS').

const JOINING = new Set(["de", "del", "la", "las", "los", "y", "e", "da", "di", "van", "von"]);

/** Up to three capital initials of `apeynom`; '' for a blank name. */
export function initialsOf(apeynom: string): string {
  const words = apeynom
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  const named = words.filter((w) => !JOINING.has(w.toLocaleLowerCase("es-AR")));
  return (named.length > 0 ? named : words)
    .slice(0, 3)
    .map((w) => w.charAt(0).toLocaleUpperCase("es-AR"))
    .join("");
}
