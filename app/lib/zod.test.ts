/// <reference types="vite/client" />
// The app's one error map (ADR 044): every schema refuses in Spanish and says what to fix, also where it gives no
// message of its own. The sweep parses hostile values with EVERY exported schema of the app's *.schema.ts files and
// of app/lib, and fails on any message that is zod's own (English, or its generic locale).
import { describe, expect, test } from "vitest";
import { mensajeDeError, z } from "~/lib/zod";

const ZODS_OWN =
  /invalid input|invalid option|expected|received|too (big|small)|required|entrada inválida|se esperaba/i;

const modules = {
  ...import.meta.glob("/app/**/*.schema.ts", { eager: true }),
  ...import.meta.glob("/app/lib/{input,period,table-state}.ts", { eager: true }),
  ...import.meta.glob("/app/auth/credentials.schema.ts", { eager: true }),
};

const schemas = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod as Record<string, unknown>)
    .filter(([, v]) => v instanceof z.ZodType)
    .map(([name, v]) => [`${file.replace("/app/", "")} ${name}`, v as z.ZodType] as const),
);

const HOSTILE: unknown[] = [
  undefined,
  null,
  42,
  -1,
  1.5,
  1e20,
  "x",
  "",
  true,
  [],
  [1],
  {},
  { a: 1 },
  "x".repeat(10_001),
];

/** The values to try: the hostile ones, and for an object every one of its keys set to each hostile value. */
function candidates(schema: z.ZodType): unknown[] {
  const out = [...HOSTILE];
  if (schema instanceof z.ZodObject) {
    const keys = Object.keys(schema.shape);
    for (const v of HOSTILE) out.push(Object.fromEntries(keys.map((k) => [k, v])));
  }
  return out;
}

describe("every exported schema refuses in Spanish", () => {
  test("the sweep finds the schemas", () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  test.each(schemas)("%s", (_name, schema) => {
    for (const input of candidates(schema)) {
      const r = schema.safeParse(input);
      if (r.success) continue;
      for (const issue of r.error.issues) expect(issue.message, JSON.stringify(input)).not.toMatch(ZODS_OWN);
    }
  });
});

describe("the map's messages say what to fix", () => {
  const msg = (schema: z.ZodType, input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? null : r.error.issues[0].message;
  };
  test.each([
    [z.string(), undefined, "Campo obligatorio"],
    [z.string(), null, "Campo obligatorio"],
    [z.string(), 3, "Debe ser un texto"],
    [z.number(), "x", "Debe ser un número"],
    [z.number().int(), 1.5, "Debe ser un número entero"],
    [z.boolean(), "si", "Debe ser verdadero o falso (true o false)"],
    [z.array(z.string()), "x", "Debe ser una lista"],
    [z.object({}), "x", "Debe ser un objeto con sus campos"],
    [z.enum(["A", "B", "C"]), "D", 'Debe ser uno de: "A", "B" o "C"'],
    [z.literal("A"), "B", 'Debe ser "A"'],
    [z.string().max(3), "abcd", "Máximo 3 caracteres"],
    [z.string().min(1), "", "Campo obligatorio"],
    [z.string().min(3), "ab", "Mínimo 3 caracteres"],
    [z.array(z.number()).max(2), [1, 2, 3], "Máximo 2 elementos"],
    [z.number().max(10), 11, "Debe ser como máximo 10"],
    [z.number().min(1), 0, "Debe ser como mínimo 1"],
    [z.email(), "no", "Email inválido"],
    [z.iso.date(), "2026-02-31", "Fecha inválida (use dd/mm/aaaa)"],
    [z.strictObject({}), { x: 1 }, "Campos desconocidos: x"],
    [z.union([z.string(), z.number()]), true, "Valor inválido"],
  ] as const)("%#: %s", (schema, input, expected) => {
    expect(msg(schema as z.ZodType, input)).toBe(expected);
  });

  test("a schema's own message wins over the map", () => {
    expect(msg(z.string({ error: "El DNI es obligatorio" }), undefined)).toBe("El DNI es obligatorio");
    expect(msg(z.string().max(2, "Demasiado largo"), "abc")).toBe("Demasiado largo");
  });

  test("the map is installed (mensajeDeError is the global customError)", () => {
    expect(z.config().customError).toBe(mensajeDeError);
  });
});
