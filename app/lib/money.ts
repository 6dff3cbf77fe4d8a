// Money as the insurer shows it: Argentine pesos in es-AR format. Amounts are numeric in the database.

const pesos = new Intl.NumberFormat("es-AR", { style: "currency", currency: "ARS" });

/** Argentine pesos, e.g. '$ 1.234,50'. Accepts numbers or numeric strings (Postgres numeric); '' when absent. */
export function formatPesos(n: number | string | null | undefined): string {
  if (n == null || (typeof n === "string" && n.trim() === "")) return "";
  const value = typeof n === "number" ? n : Number(n);
  return Number.isFinite(value) ? pesos.format(value) : "";
}
