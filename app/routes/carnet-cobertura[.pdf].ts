// The coverage card PDF (spec part 1 §9: A5 landscape, carnet-cobertura.pdf). Public (spec §2; see
// tests/unit/route-guards.test.ts) and rate limited like the lookup: GET ?dni= or POST dni (the 'Descargar Carnet'
// button, which keeps the DNI out of the URL). Refusals answer a browser with the app's error page, an API client
// with JSON.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/auth/guards.server";
import { carnetResponse } from "~/modules/coberturas/carnet.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return carnetResponse(request, await getOptionalUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return carnetResponse(request, await getOptionalUser(request));
}
