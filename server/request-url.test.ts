// The request's URL from validated parts (server/request-url.ts, issue 26 §8): a table of Host values and targets.
import { describe, expect, test } from "vitest";
import { buildRequestUrl, targetPath, validHost } from "./request-url";

const local = { address: "127.0.0.1", port: 3000 };
const url = (host: string | undefined, target = "/api/nada?x=1", protocol = "http") =>
  buildRequestUrl({ protocol, host, local, target })?.href ?? null;

describe("validHost", () => {
  test.each([
    ["127.0.0.1:3000", "127.0.0.1:3000"],
    ["Osep.Example.AR", "osep.example.ar"],
    ["osep.example.ar.", "osep.example.ar."],
    ["my_service:8080", "my_service:8080"],
    ["[::1]:3000", "[::1]:3000"],
    ["[2001:db8::1]", "[2001:db8::1]"],
    ["127.0.0.1:03000", "127.0.0.1:3000"],
  ])("%s is a host: %s", (raw, expected) => expect(validHost(raw)).toBe(expected));

  test.each([
    undefined,
    "",
    "127.0.0.1:3000/healthz?",
    "127.0.0.1/healthz",
    "127.0.0.1:3000?",
    "127.0.0.1#",
    "x:1@127.0.0.1/healthz?",
    "a@127.0.0.1:3000",
    "127.0.0.1:abc",
    "127.0.0.1:99999",
    "127.0.0.1:0",
    "127.0.0.1:",
    "127.0.0.1\\healthz",
    "[::1]/healthz",
    "[::1]:3000/healthz?",
    "[nope]:3000",
    "[::1",
    "a..b",
    "host name",
    "x".repeat(300),
  ])("%j is not", (raw) => expect(validHost(raw)).toBeNull());
});

describe("buildRequestUrl", () => {
  test("a valid Host is kept, with its port; the path and query are the request line's", () => {
    expect(url("osep.example.ar:8443", "/consultar-padron?dni=1", "https")).toBe(
      "https://osep.example.ar:8443/consultar-padron?dni=1",
    );
  });

  test.each(["127.0.0.1:3000/healthz?", "x:1@evil/healthz?", "127.0.0.1#", "127.0.0.1:abc", "999.1.1.1", undefined])(
    "Host %j names this server instead: the path stays the request line's",
    (host) => expect(url(host)).toBe("http://127.0.0.1:3000/api/nada?x=1"),
  );

  test("an IPv6 connection address is bracketed", () => {
    expect(
      buildRequestUrl({ protocol: "http", host: "a/b", local: { address: "::1", port: 8080 }, target: "/" })?.href,
    ).toBe("http://[::1]:8080/");
  });

  test.each(["http://127.0.0.1/healthz?", "javascript", "HTTPS", ""])(
    "a protocol other than http or https (%j) is http",
    (protocol) => expect(url("h", "/", protocol)).toBe("http://h/"),
  );

  test("dot segments resolve as a browser resolves them; a double slash stays in the path", () => {
    expect(url("h", "/api/../healthz")).toBe("http://h/healthz");
    expect(url("h", "//evil.example/x")).toBe("http://h//evil.example/x");
  });
});

describe("targetPath", () => {
  test.each([
    ["/a?b", "/a?b"],
    ["http://other.example/healthz?x=1", "/healthz?x=1"],
    ["*", null],
    ["127.0.0.1:3000", null],
    ["javascript:alert(1)", null],
  ])("%s → %s", (target, expected) => expect(targetPath(target)).toBe(expected));
});
