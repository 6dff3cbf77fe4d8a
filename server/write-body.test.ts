// writeBody against a real HTTP server with compression() in front, as server/server.ts mounts it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import { afterEach, describe, expect, test } from "vitest";
import { writeBody } from "./write-body";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server answering every request with `body()` through compression() + writeBody. */
async function serve(body: () => ReadableStream<Uint8Array>, onDone?: (e?: unknown) => void): Promise<string> {
  const gzip = compression();
  const server = http.createServer((req, res) => {
    gzip(req as never, res as never, () => {
      res.setHeader("content-type", "text/html");
      writeBody(body(), res).then(
        () => onDone?.(),
        (e) => onDone?.(e),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const chunks = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new TextEncoder().encode(p));
      c.close();
    },
  });

function get(url: string, gzip = true): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: gzip ? { "accept-encoding": "gzip" } : {} }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (b: Buffer) => parts.push(b));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      })
      .on("error", reject);
  });
}

describe("writeBody", () => {
  test("a one-chunk body leaves with its Content-Length and, under 1 KB, uncompressed", async () => {
    const url = await serve(() => chunks('{"resultado":[]}'));
    const { headers, body } = await get(url);
    expect(headers["content-length"]).toBe("16");
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(headers["content-encoding"]).toBeUndefined();
    expect(body.toString()).toBe('{"resultado":[]}');
  });

  test("a one-chunk body over 1 KB is still compressed for a client that accepts gzip", async () => {
    const big = "x".repeat(5000);
    const { headers, body } = await get(await serve(() => chunks(big)));
    expect(headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(body).toString()).toBe(big);
  });

  test("chunks that arrive together leave together, with a Content-Length (a page rendered in one go)", async () => {
    const parts = Array.from({ length: 50 }, (_, i) => `<p>${i}</p>`.repeat(30));
    const url = await serve(() => chunks(...parts));
    const plain = await get(url, false);
    expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(parts.join(""))));
    expect(plain.headers["transfer-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(parts.join(""));
    const gzipped = await get(url);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(parts.join(""));
  });

  test("a source that pauses is streamed: what came before the pause reaches the client before the rest", async () => {
    let resume!: () => void;
    const paused = new Promise<void>((r) => (resume = r));
    const source = () =>
      new ReadableStream<Uint8Array>({
        async start(c) {
          c.enqueue(new TextEncoder().encode("<head>"));
          c.enqueue(new TextEncoder().encode("<body>"));
          await paused;
          c.enqueue(new TextEncoder().encode("</body>"));
          c.close();
        },
      });
    const url = await serve(source);
    const received = await new Promise<{ first: string; all: string; chunked: unknown }>((resolve, reject) => {
      http
        .get(url, (res) => {
          let all = "";
          let first = "";
          res.on("data", (b: Buffer) => {
            all += b.toString();
            if (!first) {
              first = all;
              resume(); // only now does the source go on
            }
          });
          res.on("end", () => resolve({ first, all, chunked: res.headers["transfer-encoding"] }));
        })
        .on("error", reject);
    });
    expect(received.first).toBe("<head><body>");
    expect(received.all).toBe("<head><body></body>");
    expect(received.chunked).toBe("chunked");
  });

  test("a long body is sent whole, in order, in 64 KiB batches", async () => {
    const parts = Array.from({ length: 40 }, (_, i) => String(i % 10).repeat(10_000));
    const { headers, body } = await get(await serve(() => chunks(...parts)));
    expect(headers["transfer-encoding"]).toBe("chunked");
    expect(zlib.gunzipSync(body).toString()).toBe(parts.join(""));
  });

  test("an empty body ends the answer", async () => {
    const { body } = await get(await serve(() => chunks()));
    expect(body.length).toBe(0);
  });

  test("a client that leaves mid-stream cancels the source instead of buffering it", async () => {
    let pulled = 0;
    let cancelled!: () => void;
    const cancelledP = new Promise<void>((r) => (cancelled = r));
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(c) {
          pulled++;
          c.enqueue(new Uint8Array(64 * 1024).fill(65));
        },
        cancel() {
          cancelled();
        },
      });
    const url = await serve(endless);
    await new Promise<void>((resolve) => {
      const req = http.get(url, (res) => {
        res.once("data", () => {
          req.destroy();
          resolve();
        });
      });
      req.on("error", () => undefined);
    });
    await cancelledP;
    const atCancel = pulled;
    await new Promise((r) => setTimeout(r, 100));
    expect(pulled).toBe(atCancel); // nothing more is read once the client is gone
  });
});
