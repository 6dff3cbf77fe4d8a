// The frame of a download about one member (/consultar-padron/{idafi}/…): the member the URL names (400 malformed,
// 404 unknown) and refusals answered for the requester (the HTML page for a person, JSON for a program). The route
// still begins with its own guard (requireDownload); this runs after it.
import { errorResponse, forRequester } from "~/lib/http.server";
import { memberOfUrl } from "./detalle.server";
import { SEARCH_PATH } from "./padron.schema";
import type { Afiliado } from "./rules";

export function memberDownload(
  request: Request,
  rawIdafi: string | undefined,
  run: (afiliado: Afiliado) => Promise<Response>,
): Promise<Response> {
  const back = { backHref: SEARCH_PATH };
  return forRequester(
    request,
    async () => {
      const member = await memberOfUrl(rawIdafi);
      if (!member.ok) return errorResponse(request, member.status, member.msg, back);
      return run(member.afiliado);
    },
    back,
  );
}
