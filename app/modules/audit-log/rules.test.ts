// The audit log in words (issue 39): every code the code base writes has its label, unknown codes stay as they are,
// the filter takes the words, and the detail reads as 'clave: valor' lines.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ACCION_LABELS, accionTexto, codigoDeAccion, detalleLineas } from "./rules";

/** The action codes written in the sources: `accion: "…"` / `accion = "…"` literals and dotted codes in SQL or maps. */
function codesInSources(): Set<string> {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const text = readFileSync(path, "utf8");
        if (!/\baudit\(|audit_log|recordMemberView\(|accion: \{/.test(text)) continue;
        for (const m of text.matchAll(/accion(?:: | = )"([^"]+)"/g)) codes.add(m[1]);
        for (const m of text.matchAll(/(?:agregar|quitar): "([a-z_.]+)"/g)) codes.add(m[1]);
        for (const m of text.matchAll(/["'`]((?:turno|afiliado)\.[a-z_.]+)["'`]/g)) codes.add(m[1]);
      }
    }
  };
  for (const root of ["app", "server", "reporting"]) walk(root);
  return codes;
}

describe("accionTexto", () => {
  test.each([
    ["login", "Ingreso"],
    ["mae.alumno.agregar", "Alumno agregado"],
    ["turno.asignar", "Turno asignado"],
    ["usuario.resetear-contrasenia", "Contraseña reseteada"],
  ])("%s → %s", (code, words) => expect(accionTexto(code)).toBe(words));

  test("an unknown code shows as it is (also one that names an Object property)", () => {
    expect(accionTexto("otra.cosa")).toBe("otra.cosa");
    expect(accionTexto("toString")).toBe("toString");
    expect(accionTexto("")).toBe("");
  });

  test("every code the sources write has its label, and no two codes share one", () => {
    const codes = codesInSources();
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((c) => !(c in ACCION_LABELS))).toEqual([]);
    const labels = Object.values(ACCION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe("codigoDeAccion (the filter)", () => {
  test.each([
    ["Ingreso", "login"],
    ["  ficha  mae CREADA ", "mae.ficha.crear"],
    ["Contrasena reseteada", "usuario.resetear-contrasenia"],
    ["mae.ficha.crear", "mae.ficha.crear"],
    [" otra.cosa ", "otra.cosa"],
  ])("%j → %s", (text, code) => expect(codigoDeAccion(text)).toBe(code));
});

describe("detalleLineas", () => {
  test("no detail: no line", () => {
    expect(detalleLineas(null)).toEqual([]);
    expect(detalleLineas(undefined)).toEqual([]);
  });

  test("plain keys in their order; booleans, empties and null in words", () => {
    expect(detalleLineas({ dni: "30111222", anio_lectivo: 2024, activo: true, baja: false, obs: "", x: null })).toEqual(
      ["dni: 30111222", "anio_lectivo: 2024", "activo: sí", "baja: no", "obs: —", "x: —"],
    );
  });

  test("nested objects by path, lists of plain values joined, lists of objects numbered from 1", () => {
    expect(
      detalleLineas({
        antes: { estado_turno: "ASIGNADO", puesto: 2 },
        pantallas: ["/users", "/perfiles"],
        vacia: [],
        vacio: {},
        alumnos: [{ dni: "1" }, { dni: "2", nivel: { nombre: "PRIMARIO" } }],
      }),
    ).toEqual([
      "antes.estado_turno: ASIGNADO",
      "antes.puesto: 2",
      "pantallas: /users, /perfiles",
      "vacia: —",
      "vacio: —",
      "alumnos.1.dni: 1",
      "alumnos.2.dni: 2",
      "alumnos.2.nivel.nombre: PRIMARIO",
    ]);
  });

  test("a detail that is no object (older rows): one line", () => {
    expect(detalleLineas("texto")).toEqual(["texto"]);
    expect(detalleLineas([1, 2])).toEqual(["1, 2"]);
    expect(detalleLineas([{ a: 1 }])).toEqual(["1.a: 1"]);
  });
});
