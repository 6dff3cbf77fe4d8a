// Numbers as the insurer shows them (es-AR: '.' groups thousands, ',' before decimals). Money is ./money.ts.
// Every count, total or quantity on a screen, in a message or in a PDF goes through here, never toLocaleString.

const count = new Intl.NumberFormat("es-AR", { maximumFractionDigits: 0 });
const decimals = new Map<number, Intl.NumberFormat>();

/** A count (rows, authorisations, records): es-AR thousands, no decimals, e.g. 12345 → '12.345'. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** A quantity with at most `maxFractionDigits` decimals, e.g. formatDecimal(12.345, 1) → '12,3'. */
export function formatDecimal(n: number, maxFractionDigits: number): string {
  let f = decimals.get(maxFractionDigits);
  if (!f) {
    f = new Intl.NumberFormat("es-AR", { maximumFractionDigits: maxFractionDigits });
    decimals.set(maxFractionDigits, f);
  }
  return f.format(n);
}

/** A file's size for people: bytes under 1 KB, else KB or MB with one decimal, e.g. 316009 → '308,6 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${formatDecimal(bytes / 1024, 1)} KB`;
  return `${formatDecimal(bytes / 1024 / 1024, 1)} MB`;
}
