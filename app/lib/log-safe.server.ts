// How an error is written to the server log without the values of a database statement (ADR 045): a member's DNI
// is a parameter of most lookups, and Drizzle's error message lists the parameters ("params: …"); a pg error's
// `detail` and `where` may quote a row. Every console.error of an error that may come from the database goes
// through loggableError (a stack) or errorSummary (one line).

function causes(e: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let c = e; c != null && chain.length < 5; c = (c as { cause?: unknown }).cause) chain.push(c);
  return chain;
}

/** The fields of a pg error that name things (never `detail`, `where` or `hint`: they may quote row values). */
const NAMING_FIELDS = ["code", "severity", "schema", "table", "column", "constraint", "routine"] as const;

function describeCause(c: unknown): string {
  if (!(c instanceof Error) && (typeof c !== "object" || c === null)) return String(c);
  const err = c as Error & Record<string, unknown>;
  const parts: string[] = [];
  for (const f of NAMING_FIELDS) if (typeof err[f] === "string" && err[f]) parts.push(`${f}=${err[f]}`);
  // a data exception (class 22) quotes the offending value in its message: only its wording is kept
  const code = typeof err.code === "string" ? err.code : "";
  const message = code.startsWith("22") ? String(err.message).replace(/"[^"]*"/g, '"…"') : String(err.message);
  return `${err.name ?? "Error"}: ${message}${parts.length ? ` (${parts.join(" ")})` : ""}`;
}

/** The stack's frames only (its first lines repeat the message, which may hold the values). */
function frames(e: unknown): string {
  const stack = e instanceof Error && typeof e.stack === "string" ? e.stack : "";
  return stack
    .split("\n")
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 12)
    .join("\n");
}

/**
 * An error as one log entry without the statement's values: for a failed query its SQL text (with $1, $2…
 * placeholders) and, for each cause, its message and the fields that name a table, column or constraint; never the
 * parameters (Drizzle's message has them after "params:"), nor a pg error's `detail` or `where`.
 */
export function loggableError(e: unknown): string {
  const stack = frames(e);
  return describeChain(e).join("\n  causa: ") + (stack ? `\n${stack}` : "");
}

/** The same in one line, without the stack: for the log lines of an answer that handled the error itself. */
export function errorSummary(e: unknown): string {
  return describeChain(e).join(" ← ");
}

function describeChain(e: unknown): string[] {
  const lines: string[] = [];
  for (const c of causes(e)) {
    const query = typeof c === "object" && c !== null ? (c as { query?: unknown }).query : undefined;
    // Drizzle's wrapper ("Failed query: <text>\nparams: <values>"): its statement's text only
    if (typeof query === "string" && /^Failed query:/.test(String((c as Error).message))) {
      lines.push(`${(c as Error).name ?? "Error"}: consulta fallida: ${query.replace(/\s+/g, " ").slice(0, 2000)}`);
    } else {
      lines.push(describeCause(c));
    }
  }
  return lines;
}
