// The action of both public lookup screens: form → consultaPublica → what the screen shows, with the HTTP
// status of the outcome (400 bad DNI, 404 not found, 429 too many lookups). The lookups of a signed-in user whose
// profile holds a member screen are not counted against the limits; any other user's are (ADR 026, issue 26).
import { isDatabaseOutage } from "~/lib/outage.server";
import { errorSummary } from "~/lib/log-safe.server";
import { json } from "@remix-run/node";
import type { SessionUser } from "~/auth/guards.server";
import type { ConsultaActionData } from "./components/types";
import { consultaInputOf, consultaPublica } from "./publico.server";

const SERVICE_DOWN = "No fue posible realizar la consulta. Intente nuevamente más tarde.";

/** `user`: the signed-in user the route read (getOptionalUser), or null; the module never reads the session. */
export async function consultaCoberturasAction(request: Request, user: SessionUser | null) {
  const input = await consultaInputOf(request);
  const dni = input.dni.trim();
  let outcome: Awaited<ReturnType<typeof consultaPublica>>;
  try {
    outcome = await consultaPublica({ dni, website: input.website }, { user });
  } catch (err) {
    if (isDatabaseOutage(err)) throw err; // 503 with Retry-After (ADR 045)
    console.error(`[consulta-publica] ${errorSummary(err)}`);
    return json({ dni, error: SERVICE_DOWN } satisfies ConsultaActionData, {
      status: 503,
      headers: { "Cache-Control": "no-store" },
    });
  }
  let data: ConsultaActionData;
  if (outcome.ok) data = { dni, resultado: outcome.resultado };
  else if (outcome.status === 400) data = { dni, fieldError: outcome.msg };
  else if (outcome.status === 404) data = { dni, notFound: true };
  else data = { dni, error: outcome.msg };
  return json(data, { status: outcome.ok ? 200 : outcome.status, headers: { "Cache-Control": "no-store" } });
}
