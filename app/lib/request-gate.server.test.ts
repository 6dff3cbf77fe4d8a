import { describe, expect, it } from "vitest";
import {
  MSG_CARACTER_NULO,
  MSG_OTRO_SITIO,
  bodyRefusal,
  contentTypeRefusal,
  declaredSizeRefusal,
  originRefusal,
  urlRefusal,
} from "./request-gate.server";

const SELF = ["http://127.0.0.1:3000"];
const h = (init: Record<string, string>) => new Headers(init);
const bytes = (s: string) => new TextEncoder().encode(s);

describe("originRefusal (CSRF)", () => {
  it.each([
    ["GET from another site", "GET", { origin: "http://evil.example" }, null],
    ["POST from this origin", "POST", { origin: "http://127.0.0.1:3000" }, null],
    ["POST from this origin, upper case", "POST", { origin: "HTTP://127.0.0.1:3000" }, null],
    ["POST from another site", "POST", { origin: "http://evil.example" }, 403],
    ["POST from another port of the same host", "POST", { origin: "http://127.0.0.1:4000" }, 403],
    ["POST with Origin null (sandboxed frame, file:)", "POST", { origin: "null" }, 403],
    ["DELETE cross-site by fetch metadata only", "DELETE", { "sec-fetch-site": "cross-site" }, 403],
    ["PUT same-site (a sibling subdomain)", "PUT", { "sec-fetch-site": "same-site" }, 403],
    ["POST typed in the address bar (Sec-Fetch-Site none)", "POST", { "sec-fetch-site": "none" }, null],
    ["POST from a program (no Origin, no fetch metadata)", "POST", {}, null],
  ])("%s", (_name, method, headers, status) => {
    const r = originRefusal(method, h(headers), SELF);
    expect(r?.status ?? null).toBe(status);
    if (r) expect(r.msg).toBe(MSG_OTRO_SITIO);
  });
});

describe("size, content type and NUL", () => {
  it("refuses a declared body over 1 MB before reading it", () => {
    expect(declaredSizeRefusal(h({ "content-length": "1000001" }))?.status).toBe(413);
    expect(declaredSizeRefusal(h({ "content-length": "1000000" }))).toBeNull();
  });

  it("a page action takes a form (or nothing); the API is not a page", () => {
    const json = h({ "content-type": "application/json" });
    expect(contentTypeRefusal("POST", "/", json, 7)?.status).toBe(415);
    expect(contentTypeRefusal("POST", "/change-password", h({ "content-type": "text/plain" }), 3)?.status).toBe(415);
    expect(contentTypeRefusal("POST", "/logout", h({}), 0)).toBeNull();
    expect(
      contentTypeRefusal(
        "POST",
        "/nueva-ficha",
        h({ "content-type": "application/x-www-form-urlencoded; charset=UTF-8" }),
        9,
      ),
    ).toBeNull();
    expect(contentTypeRefusal("POST", "/x", h({ "content-type": "multipart/form-data; boundary=b" }), 9)).toBeNull();
    expect(contentTypeRefusal("POST", "/api/auth", json, 9)).toBeNull();
  });

  it.each([
    ["/listado-afiliados?nombre=a%00b", 400],
    ["/consultar-padron/1%00", 400],
    ["/listado-afiliados?nombre=100%2500", null],
    ["/listado-afiliados?nombre=ana", null],
  ])("URL %s", (url, status) => {
    expect(urlRefusal(url)?.status ?? null).toBe(status);
  });

  it.each([
    ["urlencoded %00", "application/x-www-form-urlencoded", "observacion=a%00b", true],
    ["urlencoded literal %", "application/x-www-form-urlencoded", "observacion=100%25", false],
    ["JSON \\u0000", "application/json", '{"usuario":"adm\\u0000in"}', true],
    ["JSON \\U0000 in capitals", "application/json", '{"a":"\\U0000"}', true],
    ["raw zero byte", "text/plain", "a\0b", true],
    ["ordinary JSON", "application/json", '{"usuario":"admin","n":100}', false],
  ])("body: %s", (_name, type, body, refused) => {
    const r = bodyRefusal(h({ "content-type": type }), bytes(body));
    expect(r === null ? false : r.msg === MSG_CARACTER_NULO).toBe(refused);
  });
});
