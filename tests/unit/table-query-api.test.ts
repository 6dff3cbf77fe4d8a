// The one table query at the JSON API (ADR 050): every paged list reads page and size through ~/lib/table-state,
// and a bad value — a negative or broken page, a size out of range, hostile text — is refused with the list's
// status (400, or 422 where its contract says so) and { msg, errors: [{ param, msg }] } in Spanish, never clamped
// and never a 500. A good page answers 200. The lists take no sort: an unknown `sort` is no parameter of theirs.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MSG_PAGE, MSG_SIZE, msgSizeUpTo } from "~/lib/table-state";
import { MAX_LISTADO_SIZE } from "~/modules/practicas/informe.schema";
import { loader as afiliados } from "~/routes/api.afiliado.listado-afiliados._index";
import { loader as capa } from "~/routes/api.capa-covid._index";
import { loader as mae } from "~/routes/api.mae._index";
import { loader as practicas } from "~/routes/api.practicas.informe.listado";
import { loader as prestadores } from "~/routes/api.prestadores._index";
import { loader as tramites } from "~/routes/api.tramite";
import { loader as vademecum } from "~/routes/api.vademecum._index";
import { apiToken, callApi, type RouteHandler } from "~tests/support/api";
import { useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let admin = "";

beforeAll(async () => {
  t = await useTestDatabase();
  admin = await apiToken(t, "admin");
});
afterAll(async () => {
  await t?.cleanup();
});

type List = { name: string; loader: RouteHandler; path: string; status: number; maxSize?: number };

/** Each list's path with what it requires besides paging, and the status its contract gives a bad query. */
const LISTS: List[] = [
  { name: "afiliados", loader: afiliados, path: "/api/afiliado/listado-afiliados/?", status: 400 },
  { name: "capa", loader: capa, path: "/api/capa-covid?", status: 400 },
  { name: "mae", loader: mae, path: "/api/mae?", status: 400 },
  { name: "prestadores", loader: prestadores, path: "/api/prestadores?", status: 400 },
  { name: "vademecum", loader: vademecum, path: "/api/vademecum?droga=ibu&", status: 422 },
  { name: "tramites", loader: tramites, path: "/api/tramite?", status: 422 },
  {
    name: "practicas",
    loader: practicas,
    path: "/api/practicas/informe/listado?practica=420101&",
    status: 400,
    maxSize: MAX_LISTADO_SIZE,
  },
];

const BAD: [string, "page" | "size"][] = [
  ["page=-1", "page"],
  ["page=1.5", "page"],
  ["page=abc", "page"],
  ["page=9999999999", "page"],
  ["page=1%20OR%201%3D1", "page"],
  ["page=%3Cscript%3Ealert(1)%3C%2Fscript%3E", "page"],
  ["page=%27%3B%20DROP%20TABLE%20afiliados%3B--", "page"],
  ["size=0", "size"],
  ["size=-5", "size"],
  ["size=100000", "size"],
  ["size=ten", "size"],
  ["size=20%3B%20SELECT%201", "size"],
];

describe.each(LISTS)("GET $path", ({ loader, path, status, maxSize }) => {
  test("a good page and size answer 200", async () => {
    const r = await callApi(loader, `${path}page=0&size=5`, { token: admin });
    expect(r.status).toBe(200);
  });

  test.each(BAD)("%s → refused with its message", async (qs, param) => {
    const r = await callApi(loader, `${path}${qs}`, { token: admin });
    const msg = param === "page" ? MSG_PAGE : maxSize ? msgSizeUpTo(maxSize) : MSG_SIZE;
    expect(r.status).toBe(status);
    expect(r.body.errors).toContainEqual({ param, msg });
  });

  test("an unknown sort is no parameter of the list: ignored, 200", async () => {
    const r = await callApi(loader, `${path}sort=password_hash&dir=up`, { token: admin });
    expect(r.status).toBe(200);
  });
});
