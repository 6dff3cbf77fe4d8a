import { describe, test, expect } from "vitest";
import { ChangePasswordSchema, LoginSchema } from "~/auth/credentials.schema";
import { parseJsonBody } from "./http.server";

function post(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/api/auth", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** The Response parseJsonBody throws (fails the test when it parses). */
async function rejection(p: Promise<unknown>): Promise<Response> {
  try {
    await p;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("parseJsonBody accepted the body");
}

/** 4xx with a JSON { msg } in Spanish (no zod/JS English leaking through). */
async function expectError(p: Promise<unknown>, status: number) {
  const res = await rejection(p);
  expect(res.status).toBe(status);
  const body = await res.json();
  expect(typeof body.msg).toBe("string");
  expect(body.msg).not.toMatch(/unexpected|token|invalid|expected|JSON at position/i);
  return body as { msg: string; errors?: { param: string; msg: string }[] };
}

describe("parseJsonBody", () => {
  test("a valid body is parsed and validated", async () => {
    expect(await parseJsonBody(post(JSON.stringify({ usuario: " admin ", password: "admin" })), LoginSchema)).toEqual({
      usuario: "admin",
      password: "admin",
    });
  });

  test("UTF-8 text (accents, ñ) is read correctly", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ usuario: "muñoz", password: "contraseña" }));
    expect(await parseJsonBody(post(body), LoginSchema)).toEqual({ usuario: "muñoz", password: "contraseña" });
  });

  test.each([
    ["a lone 0xff", [0x7b, 0x22, 0x75, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]],
    [
      "Latin-1 'ñ'",
      [...new TextEncoder().encode('{"usuario":"mu'), 0xf1, ...new TextEncoder().encode('oz","password":"x"}')],
    ],
    ["a truncated sequence", [0x7b, 0x22, 0xc3, 0x22, 0x7d]],
  ])("invalid UTF-8 (%s) → 400 with a Spanish msg", async (_name, bytes) => {
    const body = await expectError(parseJsonBody(post(new Uint8Array(bytes)), LoginSchema), 400);
    expect(body.msg).toBe("El cuerpo de la solicitud no es JSON válido (UTF-8)");
  });

  test.each(["{", "{usuario: 'admin'}", "undefined", '{"a":1}}'])("malformed JSON %j → 400", async (text) => {
    const body = await expectError(parseJsonBody(post(text), LoginSchema), 400);
    expect(body.msg).toBe("El cuerpo de la solicitud no es JSON válido (UTF-8)");
  });

  test.each(["[]", "[1,2]", "42", '"admin"', "null", "true"])("non-object JSON %s → 400", async (text) => {
    const body = await expectError(parseJsonBody(post(text), LoginSchema), 400);
    expect(body.msg).toBe("El cuerpo de la solicitud debe ser un objeto JSON");
  });

  test("a body over 1 MB → 413 (also without a Content-Length header)", async () => {
    const big = JSON.stringify({ usuario: "admin", password: "x".repeat(1_000_001) });
    const body = await expectError(parseJsonBody(post(big), LoginSchema), 413);
    expect(body.msg).toBe("La solicitud es demasiado grande");
  });

  test("a declared Content-Length over 1 MB → 413 before reading", async () => {
    const req = new Request("http://localhost/api/auth", {
      method: "POST",
      body: "{}",
      headers: { "Content-Length": "5000000" },
    });
    const body = await expectError(parseJsonBody(req, LoginSchema), 413);
    expect(body.msg).toBe("La solicitud es demasiado grande");
  });

  test("zod failures → 400 with errors [{ param, msg }] and the first msg on top", async () => {
    const body = await expectError(
      parseJsonBody(post(JSON.stringify({ usuario: "   ", password: "" })), LoginSchema),
      400,
    );
    expect(body.msg).toBe("Todos los campos son obligatorios!");
    expect(body.errors).toEqual([
      { param: "usuario", msg: "Todos los campos son obligatorios!" },
      { param: "password", msg: "Todos los campos son obligatorios!" },
    ]);
  });

  test("an empty body counts as {} and gets the field errors", async () => {
    const body = await expectError(parseJsonBody(post(""), LoginSchema), 400);
    expect(body.errors?.map((e) => e.param)).toEqual(["usuario", "password"]);
  });

  test("oversized fields (10 000 chars) → 400 with the Spanish field message", async () => {
    const body = await expectError(
      parseJsonBody(post(JSON.stringify({ usuario: "u".repeat(10_000), password: "p" })), LoginSchema),
      400,
    );
    expect(body.errors).toEqual([{ param: "usuario", msg: "El usuario o la contraseña exceden el largo permitido" }]);
  });

  test("object-level refinements report their field (password change mismatch)", async () => {
    const req = post(
      JSON.stringify({ currente_pass: "vieja-clave", new_pass: "nueva-clave-1", repeat_new_pass: "nueva-clave-2" }),
    );
    const body = await expectError(parseJsonBody(req, ChangePasswordSchema), 400);
    expect(body).toEqual({
      msg: "La contrasenas deben coincidir",
      errors: [{ param: "repeat_new_pass", msg: "La contrasenas deben coincidir" }],
    });
  });
});

// Issue 10: one helper decides how a refused or failed download answers, by who asked.
import { errorResponse, forRequester, prefersHtml } from "./http.server";

const get = (headers: Record<string, string>) =>
  new Request("http://localhost/consultar-padron/32/constancia", { headers });
const NAV = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "Sec-Fetch-Mode": "navigate" };

describe("prefersHtml", () => {
  test.each([
    ["a browser navigation", NAV, true],
    ["Sec-Fetch-Mode navigate alone", { "Sec-Fetch-Mode": "navigate" }, true],
    ["Accept text/html (old browser, no fetch metadata)", { Accept: "text/html" }, true],
    ["x-auth-token (API client), even with a browser Accept", { ...NAV, "x-auth-token": "t" }, false],
    ["Accept: application/json", { Accept: "application/json" }, false],
    ["fetch() from the page asking for JSON", { Accept: "application/json", "Sec-Fetch-Mode": "cors" }, false],
    ["no headers (curl)", {}, false],
    ["*/*", { Accept: "*/*" }, false],
  ])("%s → %s", (_name, headers, html) => {
    expect(prefersHtml(get(headers as Record<string, string>))).toBe(html);
  });
});

describe("errorResponse", () => {
  test("a browser gets the HTML error page with the message, the status and a way back", async () => {
    const res = errorResponse(get(NAV), 403, "No tiene permiso para realizar esta operación");
    expect(res.status).toBe(403);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("No tiene permiso para realizar esta operación");
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<a [^>]*href="\/home"[^>]*>Volver<\/a>/);
    expect(html).not.toContain('{"msg"');
  });

  test("the message is escaped and the way back is a same-origin path only", async () => {
    const res = errorResponse(get(NAV), 400, "<script>x</script>", { backHref: "//evil.example/" });
    const html = await res.text();
    expect(html).not.toContain("<script>x");
    expect(html).toContain('href="/home"');
    const ok = await errorResponse(get(NAV), 400, "x", { backHref: "/buscar-ficha" }).text();
    expect(ok).toContain('href="/buscar-ficha"');
  });

  test("an API client gets JSON { msg } with the same status", async () => {
    const res = errorResponse(get({ "x-auth-token": "t" }), 404, "No existe el afiliado solicitado");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ msg: "No existe el afiliado solicitado" });
  });
});

describe("forRequester", () => {
  test("turns a JSON error (returned or thrown by a guard) into the HTML page for a browser", async () => {
    const thrown = json403();
    const res = await forRequester(get(NAV), async () => {
      throw thrown;
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("No tiene permiso");
  });

  test("keeps JSON for an API client, passes successes and redirects through", async () => {
    const api = await forRequester(get({ Accept: "application/json" }), async () => json403());
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ msg: "No tiene permiso" });
    const ok = await forRequester(
      get(NAV),
      async () => new Response("%PDF-", { headers: { "Content-Type": "application/pdf" } }),
    );
    expect(ok.status).toBe(200);
    const redirect = new Response(null, { status: 302, headers: { Location: "/home" } });
    await expect(
      forRequester(get(NAV), async () => {
        throw redirect;
      }),
    ).rejects.toBe(redirect);
  });
});

function json403(): Response {
  return new Response(JSON.stringify({ msg: "No tiene permiso" }), {
    status: 403,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
}
