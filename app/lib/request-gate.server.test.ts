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
    ["/listado-afiliados?nombre=x%ED%A0%80y (a lone surrogate, WTF-8)", 400],
    ["/listado-afiliados?nombre=%ED%B0%80 (a lone low surrogate)", 400],
    ["/consultar-padron/1%ED%A0%80", 400],
    ["/listado-afiliados?nombre=%E9 (Latin-1, not UTF-8)", 400],
    ["/listado-afiliados?nombre=%C3 (a cut UTF-8 sequence)", 400],
    ["/listado-afiliados?nombre=\xED\xA0\x80 (raw bytes, as Node reads them)", 400],
    ["/listado-afiliados?nombre=PE%C3%91A", null],
    ["/listado-afiliados?nombre=%F0%9F%98%80 (an emoji: a pair, not a lone surrogate)", null],
    ["/listado-afiliados?nombre=100%25 and a bare % sign", null],
    ["/consultar-padron/1%00", 400],
    ["/listado-afiliados?nombre=100%2500", null],
    ["/listado-afiliados?nombre=ana", null],
  ])("URL %s", (label, status) => {
    const url = label
      .split(" ")[0]
      .replace(/\\x([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const r = urlRefusal(url);
    expect(r?.status ?? null).toBe(status);
    if (r) expect(r.msg).toBe(MSG_CARACTER_NULO);
  });

  it.each([
    ["urlencoded %00", "application/x-www-form-urlencoded", "observacion=a%00b", true],
    ["urlencoded literal %", "application/x-www-form-urlencoded", "observacion=100%25", false],
    ["JSON \\u0000", "application/json", '{"usuario":"adm\\u0000in"}', true],
    ["JSON \\U0000 in capitals", "application/json", '{"a":"\\U0000"}', true],
    ["raw zero byte", "text/plain", "a\0b", true],
    ["ordinary JSON", "application/json", '{"usuario":"admin","n":100}', false],
    // a lone UTF-16 surrogate: JSON.parse keeps it, Postgres cannot store it, TextEncoder turns it into U+FFFD
    ["JSON \\ud800 alone", "application/json", '{"usuario":"x\\ud800y"}', true],
    ["JSON \\uDC00 alone (a low half)", "application/json", '{"usuario":"x\\uDC00"}', true],
    ["JSON \\ud800 at the end of the body", "application/json", '{"a":"\\ud800', true],
    ["JSON two high halves", "application/json", '{"a":"\\ud83d\\ud83d\\ude00"}', true],
    ["JSON a high half and a raw character", "application/json", '{"a":"\\ud83dx"}', true],
    ["JSON a surrogate in a key", "application/json", '{"\\udfff":1}', true],
    ["JSON a surrogate pair (an emoji)", "application/json", '{"a":"\\ud83d\\ude00 ok"}', false],
    ["JSON an escaped backslash before ud800 (text, no escape)", "application/json", '{"a":"\\\\ud800"}', false],
    ["JSON any body to the API (no Content-Type)", "", '{"usuario":"\\ud800"}', true],
    ["urlencoded %ED%A0%80", "application/x-www-form-urlencoded", "observacion=x%ED%A0%80y", true],
    ["urlencoded %ED%B0%80", "application/x-www-form-urlencoded", "observacion=%ED%B0%80", true],
    ["urlencoded Latin-1 %E9", "application/x-www-form-urlencoded", "apeynom=P%C9REZ", true],
    ["urlencoded UTF-8 Ñ and an emoji", "application/x-www-form-urlencoded", "a=PE%C3%91A&b=%F0%9F%98%80", false],
    ["urlencoded \\ud800 is text in a form", "application/x-www-form-urlencoded", "a=%5Cud800", false],
    ["urlencoded a bare %", "application/x-www-form-urlencoded", "a=50%&b=%zz", false],
  ])("body: %s", (_name, type, body, refused) => {
    const r = bodyRefusal(h(type ? { "content-type": type } : {}), bytes(body));
    expect(r === null ? false : r.status === 400 && r.msg === MSG_CARACTER_NULO).toBe(refused);
  });

  it.each([
    ["the bytes of a lone surrogate (ED A0 80)", "application/x-www-form-urlencoded", [0x61, 0xed, 0xa0, 0x80], true],
    ["the same in a multipart part", "multipart/form-data; boundary=b", [0x61, 0xed, 0xa0, 0x80], true],
    ["the same in JSON", "application/json", [0x22, 0xed, 0xa0, 0x80, 0x22], true],
    ["Latin-1 É (C9) in a multipart part", "multipart/form-data; boundary=b", [0x50, 0xc9, 0x52], true],
    ["UTF-8 Ñ (C3 91) in a multipart part", "multipart/form-data; boundary=b", [0x50, 0xc3, 0x91], false],
    ["UTF-8 emoji (F0 9F 98 80) in JSON", "application/json", [0x22, 0xf0, 0x9f, 0x98, 0x80, 0x22], false],
  ])("raw body: %s", (_name, type, raw, refused) => {
    const r = bodyRefusal(h({ "content-type": type }), Uint8Array.from(raw));
    expect(r === null ? false : r.status === 400 && r.msg === MSG_CARACTER_NULO).toBe(refused);
  });
});
