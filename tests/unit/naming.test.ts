// The naming rule of docs/CONTRIBUTING.md for exported functions: the verb is English for the code's own work
// (list, read, load, count, record, parse…), and a Spanish verb only where the function carries out an action the
// screens name in Spanish ('Asignar turno', 'Modificar', 'Eliminar', 'Migrar'…), with its Spanish object
// (asignarTurno, crearFicha). A Spanish verb for generic work (leer, contar, listar, cargar) is refused.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..", "..");

/** Spanish verbs of generic work: these get the English verb (read, count, list, load…). */
const GENERIC_SPANISH_VERBS = [
  "abrir",
  "actualizar",
  "armar",
  "borrar",
  "calcular",
  "cargar",
  "cerrar",
  "contar",
  "enviar",
  "filtrar",
  "leer",
  "listar",
  "mostrar",
  "obtener",
  "ordenar",
  "registrar",
  "sumar",
  "traer",
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const path = `${dir}/${name}`;
    if (name === "node_modules" || name === "migrations") continue;
    if (statSync(join(ROOT, path)).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const EXPORTED_FUNCTION =
  /export\s+(?:async\s+)?function\s+([A-Za-z0-9_]+)|export\s+const\s+([a-z][A-Za-z0-9_]*)\s*=\s*(?:async\s*)?\(/g;

function exportedFunctions(): { file: string; name: string }[] {
  const dirs = ["app", "reporting", "db", "scripts", "server"].filter((d) => {
    try {
      return statSync(join(ROOT, d)).isDirectory();
    } catch {
      return false;
    }
  });
  return dirs.flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(join(ROOT, file), "utf8").matchAll(EXPORTED_FUNCTION)].map((m) => ({
      file,
      name: m[1] ?? m[2],
    })),
  );
}

const verbOf = (name: string) => name.match(/^[a-z]+/)?.[0] ?? "";

describe("the names of exported functions", () => {
  const functions = exportedFunctions();

  it("finds the exported functions", () => {
    expect(functions.length).toBeGreaterThan(500);
    expect(functions).toContainEqual({ file: "app/modules/turnos/asignar.server.ts", name: "asignarTurno" });
  });

  it("use an English verb for generic work, a Spanish one only for the screens' actions", () => {
    const wrong = functions
      .filter(({ name }) => GENERIC_SPANISH_VERBS.includes(verbOf(name)))
      .map(({ file, name }) => `${file}: ${name}`);
    expect(wrong).toEqual([]);
  });
});
