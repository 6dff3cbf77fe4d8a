// Bench only (issue 36, ADR 024): BENCH_OFFICIAL_ADAPTER_PORT=<port> makes the web server ALSO listen on
// 127.0.0.1:<port>, where the same Express app — the same middlewares, the same Remix build, the same database —
// hands each request to @remix-run/express's createRequestHandler instead of our adapter (server/remix-handler.ts).
// bench:api then compares the two in one process, alternating (scripts/bench/api/compare-adapter.ts). Off by
// default. Never for production: that port skips the request gate (no Origin check, no body bound, no Spanish
// refusals), which is why it listens on loopback only, whatever HOST says.
import crypto from "node:crypto";
import type { Server } from "node:http";
import type express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { Env } from "~/lib/config.server";
import { remixHandler } from "./remix-handler";

/** The official adapter's port when the switch is on, else null; a bad value stops the start. */
export function officialAdapterPort(env: Env = process.env): number | null {
  const raw = env.BENCH_OFFICIAL_ADAPTER_PORT;
  if (!raw) return null;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`BENCH_OFFICIAL_ADAPTER_PORT debe ser un puerto entre 1 y 65535 (valor recibido: '${raw}').`);
  }
  return port;
}

/** Our adapter; with the switch on, the official one for the requests that came in on its port. */
export function remixAnswer(build: ServerBuild, mode: string): express.RequestHandler {
  const ours = remixHandler(build, mode);
  const port = officialAdapterPort();
  if (port === null) return ours;
  // a CSP nonce as ours gives, so both render the same page
  const official = createRequestHandler({
    build,
    mode,
    getLoadContext: () => ({ cspNonce: crypto.randomBytes(16).toString("base64") }),
  });
  return (req, res, next) => (req.socket.localPort === port ? official : ours)(req, res, next);
}

/** With the switch on: `app` served on the official adapter's port too (loopback only); null otherwise. */
export async function listenOfficialAdapter(app: express.Express): Promise<Server | null> {
  const port = officialAdapterPort();
  if (port === null) return null;
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, "127.0.0.1", () => resolve(s));
    s.on("error", reject);
  });
  console.log(
    `Banco de pruebas: el adaptador oficial de Remix (@remix-run/express) atiende también en http://127.0.0.1:${port}` +
      " — sin la compuerta de pedidos; nunca en producción",
  );
  return server;
}
