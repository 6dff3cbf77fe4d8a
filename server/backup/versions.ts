// The versions a backup's manifest records and a restore compares: the app's (package.json), the installed PGlite
// package's and the PostgreSQL major version of the data directory (PG_VERSION): a data directory loads only into
// a PGlite of the same PostgreSQL major version.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

function packageVersion(file: string): string {
  try {
    return String((JSON.parse(fs.readFileSync(file, "utf8")) as { version?: unknown }).version ?? "desconocida");
  } catch {
    return "desconocida";
  }
}

/** The app's version: npm's when run through `npm run`, else package.json of the working directory. */
export function appVersion(): string {
  return process.env.npm_package_version || packageVersion(path.resolve("package.json"));
}

/** The installed @electric-sql/pglite's version (its package.json is not exported: found beside its entry). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  return packageVersion(path.join(path.dirname(entry), "..", "package.json"));
}

/** The PostgreSQL major version a data directory was made by ('17'), or null when it has none. */
export function dataDirMajor(pgdata: string): string | null {
  try {
    return fs.readFileSync(path.join(pgdata, "PG_VERSION"), "utf8").trim();
  } catch {
    return null;
  }
}
