// `npm run build`'s second half (after `remix build`): the server — server/start.ts (web) and server/worker.ts (the
// report worker) with everything they import from app/, db/ and reporting/ — bundled by esbuild into plain
// JavaScript, so production runs `node build/server/start.js` and never compiles TypeScript at run time (ADR 062).
// Packages stay in node_modules (not bundled); the tsconfig path aliases (~/, ~db/…) are resolved by esbuild. Under
// OSEP_BUILD_DIR the output goes to $OSEP_BUILD_DIR/server/, beside that build's Remix bundle (a folder inside the
// project, as for Remix's: both bundles find their packages in the node_modules above them).
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const ENTRIES = { start: "server/start.ts", worker: "server/worker.ts" };

/** Where the server bundle goes: build/server, or $OSEP_BUILD_DIR/server. */
function serverOutDir() {
  return path.join(process.env.OSEP_BUILD_DIR || "build", "server");
}

/**
 * The file an entry's name runs (`node <dir>/start.js`): it turns source maps on first, so a stack trace names the
 * TypeScript file and line, then imports the bundle. Node reads a file's map only when source maps were on as it
 * loaded, so this cannot live in the bundle itself; it spares every service an `--enable-source-maps` flag.
 */
const launcherOf = (name) =>
  `// Written by scripts/build-server.mjs: source maps on (stack traces name the TypeScript), then the bundle.\n` +
  `process.setSourceMapsEnabled(true);\nawait import("./${name}.main.js");\n`;

async function buildServer() {
  const outdir = serverOutDir();
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [`${name}.main`, file])),
    outdir,
    bundle: true,
    // code the two entries share, and what is imported lazily (the demo seed), in chunks of their own: a lazy
    // import stays lazy
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    sourcemap: true,
    logLevel: "warning",
  });
  // the SQL migrations travel with the bundle: db/migrate.ts finds them beside its own module (import.meta.url),
  // which here is a file of this folder
  fs.cpSync("db/migrations", path.join(outdir, "migrations"), { recursive: true });
  for (const name of Object.keys(ENTRIES)) fs.writeFileSync(path.join(outdir, `${name}.js`), launcherOf(name));
  return outdir;
}

const started = Date.now();
const outdir = await buildServer();
console.log(`Servidor compilado en ${outdir}/ (${Date.now() - started} ms)`);
