// The coverage card PDF (spec part 1 §9: A5 landscape, carnet-cobertura.pdf). Public and rate limited like
// the lookup; GET ?dni= or POST dni (the 'Descargar Carnet' button, which keeps the DNI out of the URL). No guard:
// a public route (spec §2).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { errorResponse } from "~/lib/http.server";
import { carnetResponse, type CarnetError } from "~/modules/coberturas/carnet.server";

/** Refusals (bad DNI, not found, rate limit, inactive) answer a browser with the app's error page, an API client with JSON. */
const failFor =
  (request: Request): CarnetError =>
  (status, title, msg) =>
    errorResponse(request, status, msg, { title, backHref: "/consulta-coberturas-esp" });

export function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  return carnetResponse({ dni: q.get("dni") ?? "", website: q.get("website") ?? "" }, failFor(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 100) : "";
  };
  return carnetResponse({ dni: text("dni"), website: text("website") }, failFor(request));
}
