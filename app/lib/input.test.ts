// The shared query flag: the values a checkbox or an API client sends, the default when absent, and the refusal.
import { describe, expect, test } from "vitest";
import { MSG_FLAG, parseInput, queryFlag, typedValues, withoutEmpty } from "./input";
import { z } from "~/lib/zod";

const schema = (absent?: boolean) => z.object({ f: queryFlag(absent) });
const parse = (raw: Record<string, string>, absent?: boolean) => parseInput(schema(absent), raw);

describe("queryFlag", () => {
  test.each(["true", "1", "on", "si", "sí", " TRUE ", "On"])("%j is true", (v) => {
    expect(parse({ f: v })).toEqual({ ok: true, data: { f: true } });
  });
  test.each(["false", "0", "off", "no", "NO"])("%j is false", (v) => {
    expect(parse({ f: v })).toEqual({ ok: true, data: { f: false } });
  });
  test("absent or blank is the given default (false unless said)", () => {
    expect(parse({})).toEqual({ ok: true, data: { f: false } });
    expect(parse({ f: "  " })).toEqual({ ok: true, data: { f: false } });
    expect(parse({}, true)).toEqual({ ok: true, data: { f: true } });
    expect(parse({ f: "" }, true)).toEqual({ ok: true, data: { f: true } });
    expect(parse({ f: "false" }, true)).toEqual({ ok: true, data: { f: false } });
  });
  test("anything else is refused with the flag message on that field", () => {
    for (const v of ["yes", "2", "' OR 1=1 --", "x".repeat(1000)]) {
      const r = parse({ f: v });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors).toEqual([{ param: "f", msg: MSG_FLAG }]);
    }
  });
});

describe("withoutEmpty: null and '' are no value in a JSON body", () => {
  test("keys with null or '' are left out, at every depth; other values stay", () => {
    expect(
      withoutEmpty({
        a: null,
        b: "",
        c: " ",
        d: 0,
        e: false,
        f: { g: null, h: "x" },
        i: [{ j: "", k: 1 }, null, "", 2],
      }),
    ).toEqual({ c: " ", d: 0, e: false, f: { h: "x" }, i: [{ k: 1 }, null, "", 2] });
  });

  test("a scalar or a list at the top stays as it is", () => {
    expect(withoutEmpty("x")).toBe("x");
    expect(withoutEmpty(null)).toBeNull();
    expect(withoutEmpty([null])).toEqual([null]);
  });
});

describe("typedValues: the typed value kept, cut to its field's length", () => {
  test("each field as typed, cut to its length; an absent one is '' or its `absent` value", () => {
    const raw = { afi_dni: "12345678901", nombre: "  Ana  ", otro: "x" };
    expect(typedValues(raw, { afi_dni: 9, nombre: 100, apellido: 100 })).toEqual({
      afi_dni: "123456789",
      nombre: "  Ana  ",
      apellido: "",
    });
    expect(typedValues(raw, { fecha: 10 }, { absent: { fecha: "2026-01-02" } })).toEqual({ fecha: "2026-01-02" });
    expect(typedValues({ fecha: "" }, { fecha: 10 }, { absent: { fecha: "2026-01-02" } })).toEqual({ fecha: "" });
  });

  test("fields sharing one length, and trimmed before the cut", () => {
    expect(typedValues({ a: "abcdef", b: "xy" }, [["a", "b", "c"], 3])).toEqual({ a: "abc", b: "xy", c: "" });
    expect(typedValues({ dni: "   123456" }, { dni: 4 }, { trim: true })).toEqual({ dni: "1234" });
  });

  test("a posted form's fields the same way; a file or an absent field is ''", () => {
    const fd = new FormData();
    fd.set("observacion", "x".repeat(600));
    fd.set("adjunto", new Blob(["%PDF"]), "a.pdf");
    expect(typedValues(fd, { observacion: 500, adjunto: 10, dni: 9 })).toEqual({
      observacion: "x".repeat(500),
      adjunto: "",
      dni: "",
    });
  });
});
