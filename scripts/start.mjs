// npm start (web) and npm run worker (`node scripts/start.mjs worker`): run the BUILT server,
// build/server/start.js or build/server/worker.js (scripts/build-server.mjs), never TypeScript compiled at run
// time. When the Remix build or the server build is missing (a fresh clone) it runs `npm run build` first, so the
// README's `npm install && npm start` still builds, migrates, seeds the demo and serves. It never rebuilds a build
// that exists: after pulling new code, `npm run build` (docs/operations.md, upgrade). Plain JavaScript on purpose:
// it must run before anything is compiled.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const entry = process.argv[2] === "worker" ? "worker" : "start";
const out = process.env.OSEP_BUILD_DIR || "build";
const needed = [
  path.join(out, "index.js"),
  path.join(out, "server", "start.js"),
  path.join(out, "server", "worker.js"),
];

// a WEB_CONCURRENCY worker (node:cluster runs this file again) finds what its primary built
if (!cluster.isWorker && !needed.every((file) => fs.existsSync(file))) {
  console.log("No hay build: compilando la aplicación…");
  const r = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await import(pathToFileURL(path.resolve(out, "server", `${entry}.js`)).href);
