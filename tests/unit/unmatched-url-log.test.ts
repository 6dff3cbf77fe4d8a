// Issue 35 item 9 (ADR 003): a URL that matches no route never reaches the logs. React Router's render warned
// `No routes matched location "<path?query>"` (a development-mode warning, written through @remix-run/router's
// `warning`) with the whole URL: DNIs and names sent anonymously ended up in the server's output. Over the built server
// (server/server.ts in this process, not in production mode, so React Router's warnings are on), unmatched URLs that
// carry a DNI and a name in the path and the query are asked for as a page, as page data and as an API call: the
// output (stdout, stderr, every console method) holds neither; the request log's line names no route ('(sin ruta)').
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { appBuilt, freePort } from "~tests/support/app-process";
import { prerequisite } from "~tests/support/prerequisite";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { startServer } from "~server/server";

const missing = appBuilt() ? null : "no build (run `npm run build`; npm test builds first)";
const runs = prerequisite("unmatched URLs in the log", missing);

const DNI = "30987654";
const APELLIDO = "Zapiola";
const NOMBRE = "Eustaquia";

let t: TestDb;
let server: { close: () => Promise<void> } | undefined;
let origin = "";

/** Everything the process writes while `work` runs: stdout, stderr and the console's methods. */
async function captured(work: () => Promise<void>): Promise<string> {
  const out: string[] = [];
  const keep = (...args: unknown[]) => void out.push(args.map(String).join(" "));
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => (keep(chunk), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => (keep(chunk), true)),
    ...(["log", "info", "warn", "error", "debug"] as const).map((m) => vi.spyOn(console, m).mockImplementation(keep)),
  ];
  try {
    await work();
    await new Promise((r) => setTimeout(r, 50)); // the request log writes once per turn of the event loop
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return out.join("\n");
}

describe.runIf(runs)("a URL that matches no route", () => {
  beforeAll(async () => {
    t = await useTestDatabase();
    process.env.PORT = String(await freePort());
    process.env.HOST = "127.0.0.1";
    process.env.PDF_WARMUP = "0";
    server = await startServer();
    origin = `http://127.0.0.1:${process.env.PORT}`;
  });
  afterAll(async () => {
    await server?.close();
    await t?.cleanup();
  });

  test("is logged without its path or query: no DNI, no name, only '(sin ruta)'", async () => {
    expect(process.env.NODE_ENV).not.toBe("production"); // React Router's warnings are on
    const who = `${APELLIDO}%20${NOMBRE}`;
    const asks: [string, Record<string, string>][] = [
      [`/padron/${DNI}/${who}?dni=${DNI}&apeynom=${who}`, { accept: "text/html", "sec-fetch-mode": "navigate" }],
      [`/afiliados/${DNI}?nombre=${NOMBRE}&_data=root`, {}],
      [`/api/afiliado/porapellido/${APELLIDO}/${DNI}`, { accept: "application/json" }],
      [`/${DNI}-${APELLIDO}`, { accept: "text/html" }],
    ];
    const output = await captured(async () => {
      for (const [p, headers] of asks) {
        const res = await fetch(origin + p, { headers, redirect: "manual" });
        await res.arrayBuffer();
        expect(res.status, p).toBe(404);
      }
    });
    expect(output.match(/ GET \(sin ruta\) 404 /g) ?? []).toHaveLength(asks.length);
    for (const secret of [DNI, APELLIDO, NOMBRE]) {
      expect(output.toLowerCase(), `the output holds ${secret}:\n${output}`).not.toContain(secret.toLowerCase());
    }
  });
});
