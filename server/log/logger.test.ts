// LOG_FORMAT=json's lines (issue 36, ADR 065): one JSON object per line with time, level, msg, pid, worker; the
// request's id on every line printed while it is served; an error's type and stack without the statement's values
// (ADR 045); the console's methods routed with their text kept; the text request line; and the JSON lines of a busy
// turn leaving through the request log's writer in whole lines of at most PIPE_BUF bytes.
import { describe, expect, test } from "vitest";
import { requestContext } from "~/lib/request-context.server";
import { bufferedWriter, PIPE_BUF } from "./request-log";
import { routeConsole } from "./console";
import { jsonLogger } from "./logger";
import { requestText } from "./request-line";

const DNI = "30987654";

/** A JSON logger writing to an array, and its lines parsed. */
function capture() {
  const lines: string[] = [];
  const log = jsonLogger((line) => void lines.push(line));
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** A failed query as Drizzle throws it: the DNI in its message, its `params`, and its pg cause's `detail`. */
function failedQuery(): Error {
  const cause = Object.assign(new Error(`duplicate key value violates unique constraint "afiliados_numdoc"`), {
    code: "23505",
    table: "afiliados",
    constraint: "afiliados_numdoc",
    detail: `Key (numdoc)=(${DNI}) already exists.`,
  });
  return Object.assign(new Error(`Failed query: insert into afiliados (numdoc) values ($1)\nparams: ${DNI}`), {
    query: "insert into afiliados (numdoc) values ($1)",
    params: [DNI],
    cause,
  });
}

describe("the JSON logger", () => {
  test("one JSON object per line: time, level, msg, pid, hostname, worker", () => {
    const { log, lines, parsed } = capture();
    log.info("OSEP listo");
    log.warn({ route: "/healthz" }, "lento");
    expect(lines.every((l) => l.endsWith("}\n") && !l.slice(0, -1).includes("\n"))).toBe(true);
    const [a, b] = parsed();
    expect(a).toMatchObject({ level: "info", msg: "OSEP listo", pid: process.pid, worker: 0 });
    expect(new Date(String(a.time)).toISOString()).toBe(a.time);
    expect(typeof a.hostname).toBe("string");
    expect(b).toMatchObject({ level: "warn", route: "/healthz" });
  });

  test("a line printed while a request is served carries its id; outside a request none", () => {
    const { log, parsed } = capture();
    const ctx = { address: "127.0.0.1", userAgent: "", userId: null, requestId: "req-1a" };
    requestContext.run(ctx, () => log.info("dentro"));
    log.info("fuera");
    const [inside, outside] = parsed();
    expect(inside.reqId).toBe("req-1a");
    expect(outside).not.toHaveProperty("reqId");
  });

  test("an error: its type, summary, code and stack, never the statement's values", () => {
    const { log, lines, parsed } = capture();
    log.error({ err: failedQuery() }, "no se pudo guardar");
    expect(lines.join("")).not.toContain(DNI);
    const err = parsed()[0].err as Record<string, string>;
    expect(err.type).toBe("Error");
    expect(err.message).toContain("consulta fallida: insert into afiliados (numdoc) values ($1)");
    expect(err.message).toContain("constraint=afiliados_numdoc");
    expect(err.stack).toMatch(/\n\s+at /);
    expect(err).not.toHaveProperty("params");
    expect(err).not.toHaveProperty("detail");
  });
});

describe("the console routed through the logger", () => {
  const routed = () => {
    const c = capture();
    const target = { ...console } as Console;
    routeConsole(c.log, target);
    return { ...c, target };
  };

  test("each method at its level, the text formatted as the console does", () => {
    const { target, parsed } = routed();
    target.log("[reporting] actualización (%s)", "programada");
    target.info("info");
    target.warn("cuidado", 3);
    target.error("falló");
    target.debug("detalle");
    expect(parsed().map((l) => [l.level, l.msg])).toEqual([
      ["info", "[reporting] actualización (programada)"],
      ["info", "info"],
      ["warn", "cuidado 3"],
      ["error", "falló"],
      ["debug", "detalle"],
    ]);
  });

  test("an Error argument becomes the line's err, never formatted into the message (no DNI)", () => {
    const { target, lines, parsed } = routed();
    target.error("padron farmacia 1:", failedQuery());
    target.error(failedQuery());
    expect(lines.join("")).not.toContain(DNI);
    const [a, b] = parsed();
    expect(a.msg).toBe("padron farmacia 1:");
    expect((a.err as { stack: string }).stack).toMatch(/\n\s+at /);
    expect(b.msg).toContain("consulta fallida");
  });

  test("inside a request, the request's id", () => {
    const { target, parsed } = routed();
    requestContext.run({ address: "", userAgent: "", userId: 7, requestId: "abc123" }, () => target.warn("x"));
    expect(parsed()[0].reqId).toBe("abc123");
  });
});

describe("the text request line", () => {
  test("time, id, method, route pattern, status, ms, user (no worker tag outside a cluster)", () => {
    const facts = { requestId: "abc123", method: "GET", route: "/healthz", status: 200, ms: 1.234, userId: null };
    expect(requestText(facts, new Date("2026-12-01T10:00:00Z"))).toBe(
      "2026-12-01T10:00:00.000Z id=abc123 GET /healthz 200 1.2ms user=-\n",
    );
    expect(requestText({ ...facts, userId: 5 }, new Date(0))).toMatch(/ user=5\n$/);
  });
});

describe("JSON lines through the request log's writer", () => {
  test("a busy turn: writes of at most PIPE_BUF bytes, each of whole JSON lines, all in order", async () => {
    const writes: string[] = [];
    const writer = bufferedWriter((t) => writes.push(t));
    const log = jsonLogger((line) => writer.write(line));
    for (let i = 0; i < 400; i++) {
      log.info({ reqId: `r${i}`, route: "/api/afiliado/buscarporidafi/:id", status: 200 }, `línea ${i}`);
    }
    expect(writes).toEqual([]); // nothing leaves before the turn ends
    await new Promise((r) => setImmediate(r));
    expect(writes.length).toBeGreaterThan(10);
    for (const w of writes) {
      expect(Buffer.byteLength(w)).toBeLessThanOrEqual(PIPE_BUF);
      expect(w.endsWith("\n")).toBe(true);
    }
    const lines = writes.join("").split("\n").slice(0, -1);
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(
      Array.from({ length: 400 }, (_, i) => `línea ${i}`),
    );
  });
});
