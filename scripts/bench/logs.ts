// npm run bench:logs — issue 36 §4 (docs/benchmarks.md, "Issue 36 — JSON logs"): what a request's log line costs in
// each LOG_FORMAT, in this process: BENCH_LOG_LINES (default 200 000) request lines, 50 per event-loop turn (a busy
// process), through the product's code — the text line (server/log/request-line.ts) or pino's JSON line
// (server/log/logger.ts) — and the request log's buffered writer (PIPE_BUF writes) into /dev/null, alternating the
// two formats BENCH_RUNS (default 5) times. Prints µs per line by the clock and by CPU time, bytes per line, and the
// JSON/text ratio of the medians. Figures only: no assertions.
import fs from "node:fs";
import { bufferedWriter } from "~server/log/request-log";
import { jsonLogger } from "~server/log/logger";
import { requestText, type RequestFacts } from "~server/log/request-line";

const LINES = Math.max(1000, Number(process.env.BENCH_LOG_LINES ?? 200_000));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const PER_TURN = 50;

const devNull = fs.openSync("/dev/null", "w");
let bytes = 0;
const writer = bufferedWriter((text) => {
  bytes += Buffer.byteLength(text);
  fs.writeSync(devNull, text);
});
const json = jsonLogger((line) => writer.write(line));

const facts = (i: number): RequestFacts => ({
  requestId: `3f8a9c0e5d7b41c2a6e9f0b1c2d3${String(i).padStart(4, "0").slice(-4)}`,
  method: "GET",
  route: "/api/afiliado/buscarporidafi/:id",
  status: 200,
  ms: 3.1416 + (i % 7),
  userId: 7,
});

const FORMATS = {
  text: (f: RequestFacts) => writer.write(requestText(f)),
  json: (f: RequestFacts) => {
    const fields = { reqId: f.requestId, method: f.method, route: f.route, status: f.status, durationMs: f.ms };
    json.info({ ...fields, userId: f.userId }, `${f.method} ${f.route} ${f.status}`);
  },
};
type Format = keyof typeof FORMATS;

async function run(format: Format): Promise<{ wallUs: number; cpuUs: number; bytesPerLine: number }> {
  bytes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < LINES; i++) {
    FORMATS[format](facts(i));
    if (i % PER_TURN === PER_TURN - 1) await new Promise((r) => setImmediate(r));
  }
  writer.flush();
  const wallUs = Number(process.hrtime.bigint() - t0) / 1000 / LINES;
  const cpu = process.cpuUsage(cpu0);
  return { wallUs, cpuUs: (cpu.user + cpu.system) / LINES, bytesPerLine: bytes / LINES };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results: Record<Format, { wallUs: number; cpuUs: number; bytesPerLine: number }[]> = { text: [], json: [] };
await run("text"); // warm-up of both paths (JIT)
await run("json");
for (let r = 0; r < RUNS; r++) {
  for (const f of r % 2 ? (["json", "text"] as const) : (["text", "json"] as const)) results[f].push(await run(f));
}
console.log(`${LINES} líneas de solicitud por corrida, ${RUNS} corridas alternadas, ${PER_TURN} por vuelta del bucle`);
for (const f of ["text", "json"] as const) {
  const wall = results[f].map((x) => x.wallUs);
  console.log(
    `${f.padEnd(4)}  ${median(wall).toFixed(2)} µs/línea (reloj; ${Math.min(...wall).toFixed(2)}–` +
      `${Math.max(...wall).toFixed(2)})  ${median(results[f].map((x) => x.cpuUs)).toFixed(2)} µs/línea (CPU)  ` +
      `${results[f][0].bytesPerLine.toFixed(0)} bytes/línea`,
  );
}
const ratio = median(results.json.map((x) => x.wallUs)) / median(results.text.map((x) => x.wallUs));
console.log(`json/text: ${ratio.toFixed(2)}×`);
