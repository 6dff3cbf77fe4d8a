// The production source files the guard tests read (layers, one version helper, failure codes, form replies): every
// .ts/.tsx file under a folder of the repository, tests, specs and declarations excluded, and never the generated
// ones (db/migrations, node_modules, build). Paths are relative to the repository, with '/' separators.
import { readdirSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

const SKIPPED = new Set(["db/migrations", "node_modules", "build"]);

/** The production source files under `dir` (relative to the repository, e.g. "app"). */
export function productionFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED.has(rel) || SKIPPED.has(entry.name) ? [] : productionFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
      ? [rel]
      : [];
  });
}
