import { describe, expect, test } from "vitest";
import { drawerCookie, drawerStateFromCookie, menuOpenInSearch, safeBackPath, withMenu } from "./drawer-state";

describe("drawerStateFromCookie", () => {
  test.each([
    [null, "open"],
    ["", "open"],
    ["osep_sesion=abc", "open"],
    ["osep_menu=closed", "closed"],
    ["osep_sesion=abc; osep_menu=closed", "closed"],
    ["osep_menu=open; other=1", "open"],
    ["osep_menu=garbage", "open"],
    ["xosep_menu=closed", "open"],
  ])("%s → %s", (header, state) => {
    expect(drawerStateFromCookie(header)).toBe(state);
  });

  test("round trip through the cookie it writes", () => {
    const set = drawerCookie("closed");
    expect(set).toMatch(/^osep_menu=closed; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(drawerStateFromCookie(set.split(";")[0])).toBe("closed");
    expect(drawerCookie("open", { secure: true })).toContain("; Secure");
  });
});

describe("the narrow-screen overlay parameter", () => {
  test("menu=abierto opens, anything else does not", () => {
    expect(menuOpenInSearch("?menu=abierto")).toBe(true);
    expect(menuOpenInSearch("?dni=1&menu=abierto")).toBe(true);
    expect(menuOpenInSearch("?menu=1")).toBe(false);
    expect(menuOpenInSearch("")).toBe(false);
  });

  test("withMenu keeps the other parameters", () => {
    expect(withMenu("/consultar-padron", "?metodo=dni&dni=1", true)).toBe(
      "/consultar-padron?metodo=dni&dni=1&menu=abierto",
    );
    expect(withMenu("/consultar-padron", "?metodo=dni&menu=abierto&dni=1", false)).toBe(
      "/consultar-padron?metodo=dni&dni=1",
    );
    expect(withMenu("/home", "?menu=abierto", false)).toBe("/home");
    expect(withMenu("/home", "", true)).toBe("/home?menu=abierto");
  });
});

describe("safeBackPath", () => {
  test.each([
    ["/consultar-padron?dni=1", "/consultar-padron?dni=1"],
    ["/home", "/home"],
    ["//evil.example/x", "/home"],
    ["/\\evil.example", "/home"],
    ["https://evil.example/", "/home"],
    ["javascript:alert(1)", "/home"],
    ["/a\nb", "/home"],
    ["/a\u007fb", "/home"],
    ["/a\u0085b", "/home"],
    ["/búsqueda?apellido=Muñoz", "/b%C3%BAsqueda?apellido=Mu%C3%B1oz"],
    ["", "/home"],
    [42, "/home"],
    [undefined, "/home"],
  ])("%s → %s", (value, expected) => {
    expect(safeBackPath(value)).toBe(expected);
  });
});
