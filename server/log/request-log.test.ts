// The request log's writer (issue 16): the lines of one event-loop turn leave together, in writes of at most
// PIPE_BUF bytes that each end at a line's end, so the workers of WEB_CONCURRENCY sharing stdout never interleave
// inside a line (ADR 043); nothing is lost or reordered.
import { describe, expect, test } from "vitest";
import { bufferedWriter, PIPE_BUF } from "./request-log";

const turn = () => new Promise((r) => setImmediate(r));

describe("bufferedWriter", () => {
  test("a turn's few lines: one write, after the turn", async () => {
    const writes: string[] = [];
    const w = bufferedWriter((t) => writes.push(t));
    w.write("a\n");
    w.write("b\n");
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(["a\nb\n"]);
  });

  test("many lines in one turn: writes of at most PIPE_BUF bytes, each ending at a line's end, all lines in order", async () => {
    const writes: string[] = [];
    const w = bufferedWriter((t) => writes.push(t));
    // 300 lines of 80 to 120 bytes (some with a two-byte character): about 30 KB
    const lines = Array.from(
      { length: 300 },
      (_, i) => `${String(i).padStart(4, "0")} ${"x".repeat(70 + (i % 40))}${i % 7 ? "" : "ñ"}\n`,
    );
    lines.forEach((l) => w.write(l));
    await turn();
    expect(writes.length).toBeGreaterThan(5);
    for (const t of writes) {
      expect(Buffer.byteLength(t)).toBeLessThanOrEqual(PIPE_BUF);
      expect(t.endsWith("\n")).toBe(true);
    }
    expect(writes.join("")).toBe(lines.join(""));
  });

  test("flush writes what is pending at once (the exit hook)", () => {
    const writes: string[] = [];
    const w = bufferedWriter((t) => writes.push(t));
    w.write("último\n");
    w.flush();
    expect(writes).toEqual(["último\n"]);
    w.flush();
    expect(writes).toHaveLength(1);
  });
});
