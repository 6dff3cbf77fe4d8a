// bench:api's reading of the server's request log and of its name sample.
import { expect, test } from "vitest";
import { requestLines } from "~scripts/bench/api/server";
import { nameQueries } from "~scripts/bench/api/sample";

test("request lines counted, start-up lines not; a query string in a line is counted", () => {
  const log = [
    "Base de datos: PostgreSQL (DATABASE_URL) — modo demo",
    "OSEP listo en http://127.0.0.1:4000",
    "2026-11-24T17:00:00.000Z POST / 302 80.1ms user=1",
    "2026-11-24T17:00:00.100Z GET /api/afiliado 200 3.2ms user=1",
    "[w2] 2026-11-24T17:00:00.200Z GET /consultar-padron 200 9.0ms user=1",
    "2026-11-24T17:00:00.300Z GET /api/afiliado?targetField=dni&dni=30111222 200 3.0ms user=1",
    "",
  ].join("\n");
  expect(requestLines(log)).toEqual({ requests: 4, withQuery: 1 });
});

test("name searches: each surname and its first four letters, once", () => {
  expect(nameQueries(["nunez leiva sofia", "nunez ana", "paz luis", "x ana"])).toEqual(["nunez", "nune", "paz"]);
});
