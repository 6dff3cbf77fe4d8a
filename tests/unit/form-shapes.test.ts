// Issue 26 item 5: a form posted in a shape no browser sends answered 500 while the screen rendered conform's reply
// (POST /regcapa integrantes=x, /nueva-ficha monodrogas=x: the reply's list field was one value). The actions, as a
// browser calls them: 400 with the list's own message at the field and a reply whose list field is a list (or
// absent), nothing written. And the rule that keeps it so for every form: a screen's action reads its form with
// parseForm (app/lib/form.server.ts), never with conform's parseWithZod, which only the browser's validation uses.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setSessionCookie } from "~/auth/cookie.server";
import { createSession } from "~/auth/sessions.server";
import { requestContext } from "~/lib/request-context.server";
import { MSG_INTEGRANTES } from "~/modules/capa/capa.schema";
import { action as nuevaCapa } from "~/routes/_app.regcapa._index";
import { action as nuevaFicha } from "~/routes/_app.nueva-ficha";
import { TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";

let t: TestDb;
let cookie = "";

beforeAll(async () => {
  t = await useTestDatabase();
  const [row] = await sqlRows<{ id: number }>("SELECT id FROM us_usuarios WHERE usuario = 'admin'");
  cookie = await requestContext.run(TEST_REQUEST_CONTEXT, async () =>
    setSessionCookie(await createSession(row.id, "cookie")),
  );
});
afterAll(async () => {
  await t?.cleanup();
});

type Result = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

async function post(handler: unknown, url: string, body: string): Promise<{ status: number; result: Result }> {
  const request = new Request(`http://localhost${url}`, {
    method: "POST",
    headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  const res = (await requestContext.run(TEST_REQUEST_CONTEXT, () =>
    (handler as RouteHandler)({ request, params: {}, context: {} }),
  )) as Response;
  const answer = (await res.json()) as { kind: string; result?: Result };
  expect(answer.kind).toBe("form");
  return { status: res.status, result: answer.result ?? {} };
}

const writes = async () => [
  await sqlOne("SELECT count(*) FROM capa_registros"),
  await sqlOne("SELECT count(*) FROM fichas_onco"),
];

describe("a scalar where the form has a list of rows", () => {
  test.each([
    ["integrantes=x", "intent=guardar&afi_dni=23652168&integrantes=x"],
    ["integrantes.afi_dni_integrante=1", "intent=guardar&integrantes.afi_dni_integrante=1"],
  ])(
    "POST /regcapa %s → 400 'Los integrantes deben ser una lista', a reply the screen can render",
    async (_n, body) => {
      const before = await writes();
      const { status, result } = await post(nuevaCapa, "/regcapa?index", body);
      expect(status).toBe(400);
      expect(result.error?.integrantes).toEqual([MSG_INTEGRANTES]);
      expect(result.initialValue?.integrantes).toBeUndefined();
      expect(await writes()).toEqual(before);
    },
  );

  test("POST /nueva-ficha monodrogas=x → 400 'Las drogas deben ser una lista', a reply the screen can render", async () => {
    const before = await writes();
    const { status, result } = await post(nuevaFicha, "/nueva-ficha", "intent=guardar&afi_dni=23652168&monodrogas=x");
    expect(status).toBe(400);
    expect(result.error?.monodrogas).toEqual(["Las drogas deben ser una lista"]);
    expect(result.initialValue?.monodrogas).toBeUndefined();
    expect(result.initialValue?.afi_dni).toBe("23652168");
    expect(await writes()).toEqual(before);
  });
});

describe("the rule: only the browser's validation calls parseWithZod", () => {
  const APP = path.resolve(import.meta.dirname, "..", "..", "app");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? files(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
          ? [path.join(dir, e.name)]
          : [],
    );

  /**
   * Calls of parseWithZod — or of checkFormWith, the kit's per-button check that wraps it — outside an `onValidate`
   * (conform's validation in the browser), as file:line.
   */
  function serverCalls(file: string): string[] {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const out: string[] = [];
    const inOnValidate = (node: ts.Node): boolean => {
      for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
        if ((ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n)) && n.name.getText(source) === "onValidate")
          return true;
      }
      return false;
    };
    const visit = (node: ts.Node) => {
      const callee = ts.isCallExpression(node) ? node.expression.getText(source) : "";
      if ((callee === "parseWithZod" || callee === "checkFormWith") && !inOnValidate(node)) {
        out.push(`${path.relative(APP, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return out;
  }

  test("every other call is parseForm's, or the body of checkFormWith (itself called only in onValidate)", () => {
    const calls = files(APP).flatMap(serverCalls);
    const allowed = [path.join("lib", "form.server.ts"), path.join("components", "ui", "check-form.ts")];
    expect(calls.filter((c) => !allowed.some((a) => c.startsWith(`${a}:`)))).toEqual([]);
  });
});
