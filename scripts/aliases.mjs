// The one list of import aliases is tsconfig.json's `compilerOptions.paths` ("~db/*": ["./db/*"]). tsc, esbuild (the
// server bundle), Remix's compiler, tsx and Playwright read it themselves; ESLint's message (eslint.config.js) and the
// layers test take it from here. vitest.config.ts writes it out (knip reads it only so), checked by
// tests/unit/aliases.test.ts. tsconfig.json stays plain JSON (no comments).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * The aliases as [prefix, folder] pairs, the folder relative to the repository: the prefix ~db/ with the folder db/.
 * @returns {[string, string][]}
 */
export function pathAliases() {
  /** @type {{ compilerOptions: { paths: Record<string, string[]> } }} */
  const tsconfig = JSON.parse(readFileSync(`${ROOT}tsconfig.json`, "utf8"));
  return Object.entries(tsconfig.compilerOptions.paths).map(([pattern, [target]]) => [
    pattern.replace(/\*$/, ""),
    target.replace(/^\.\//, "").replace(/\*$/, ""),
  ]);
}
