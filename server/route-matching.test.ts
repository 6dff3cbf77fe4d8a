// The patched route matching of @remix-run/router (patches/README.md): remembered branches and winners must never
// change an answer. Each case is asked twice (the second answer comes from the memory), and of a structurally equal
// copy of the tree (as the server renders every page with a new copy): the copy's own route objects must come back.
import { matchRoutes, type AgnosticDataRouteObject } from "@remix-run/router";
import { describe, expect, test } from "vitest";

const tree = (): AgnosticDataRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      {
        id: "app",
        children: [
          { id: "padron", path: "consultar-padron" },
          { id: "detalle", path: "consultar-padron/:idafi" },
          { id: "nueva", path: "consultar-padron/nueva" },
          { id: "mae", path: "regmae/:anio?/:mes?" },
        ],
      },
      { id: "api-afiliado", path: "api/afiliado", children: [{ id: "api-afiliado-index", index: true }] },
      { id: "Sensible", path: "Sensible", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];

const ids = (routes: AgnosticDataRouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

const cases: [string, string[] | null][] = [
  ["/", ["root", "home"]],
  ["/consultar-padron", ["root", "app", "padron"]],
  ["/consultar-padron/", ["root", "app", "padron"]],
  ["/consultar-padron/nueva", ["root", "app", "nueva"]], // static beats dynamic
  ["/consultar-padron/123", ["root", "app", "detalle"]],
  ["/regmae", ["root", "app", "mae"]],
  ["/regmae/2026/11", ["root", "app", "mae"]],
  ["/api/afiliado/", ["root", "api-afiliado", "api-afiliado-index"]],
  ["/Sensible", ["root", "Sensible"]],
  ["/sensible", ["root", "splat"]],
  ["/no/existe", ["root", "splat"]],
];

describe("route matching with remembered branches", () => {
  test.each(cases)("%s", (path, expected) => {
    const routes = tree();
    expect(ids(routes, path)).toEqual(expected);
    expect(ids(routes, path)).toEqual(expected);
    expect(ids(tree(), path)).toEqual(expected);
  });

  test("params are read afresh on every call, and changing an answer does not change the next one", () => {
    const routes = tree();
    const first = matchRoutes(routes, "/consultar-padron/123")!;
    expect(first.at(-1)!.params).toEqual({ idafi: "123" });
    (first.at(-1)!.params as Record<string, string>).idafi = "999"; // a caller that changes its answer
    expect(matchRoutes(routes, "/consultar-padron/123")!.at(-1)!.params).toEqual({ idafi: "123" });
    expect(matchRoutes(routes, "/consultar-padron/456")!.at(-1)!.params).toEqual({ idafi: "456" });
  });

  test("a copy of the tree gets its own route objects back", () => {
    const a = tree();
    const b = tree();
    matchRoutes(a, "/consultar-padron/1");
    const route = matchRoutes(b, "/consultar-padron/1")!.at(-1)!.route;
    const own = (b[0].children![1].children as AgnosticDataRouteObject[])[1];
    expect(route).toBe(own);
  });

  test("a tree that differs is matched on its own", () => {
    const other = tree();
    (other[0].children![1].children as AgnosticDataRouteObject[]).push({ id: "otra", path: "otra" });
    expect(ids(other, "/otra")).toEqual(["root", "app", "otra"]);
    expect(ids(tree(), "/otra")).toEqual(["root", "splat"]);
  });

  test("routes without ids (plain route objects) still match", () => {
    const plain = [{ path: "/a", children: [{ path: "b" }] }, { path: "/a/:x" }];
    expect(matchRoutes(plain, "/a/b")!.map((m) => m.route.path)).toEqual(["/a", "b"]);
    expect(matchRoutes(plain, "/a/c")!.map((m) => m.route.path)).toEqual(["/a/:x"]);
  });
});
