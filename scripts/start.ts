// npm start: build when no build exists, migrate and seed, then serve on HOST:PORT (default 127.0.0.1:3000).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { bootstrap } from "./bootstrap";
import { serverBuildFile, startServer } from "./server";

process.env.NODE_ENV ??= "production";

if (!fs.existsSync(serverBuildFile())) {
  console.log("No hay build: compilando la aplicación…");
  const r = spawnSync("npx", ["remix", "build"], { stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

await bootstrap();
const server = await startServer();

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`${signal}: cerrando…`);
    server.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
