// A process that exits while a refresh copies a table (SIGTERM, the cluster's stop) ends: DuckDB's thread reading the
// table's pipe gets its end of file at exit instead of holding the exit forever (issue 35: the primary of
// WEB_CONCURRENCY hung past its stop while its first refresh copied).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const child = fileURLToPath(new URL("../tests/support/copy-exit-child.ts", import.meta.url));

test("exiting mid-copy ends the process (the pipe's reader gets EOF)", async () => {
  const p = spawn(process.execPath, ["--import", "tsx", child], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  p.stdout.on("data", (d) => (out += d));
  p.stderr.on("data", (d) => (out += d));
  const ended = await new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => {
      p.kill("SIGKILL");
      resolve("colgado");
    }, 20_000);
    p.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? String(signal));
    });
  });
  expect(out).toContain("LEYENDO");
  expect(ended, out).toBe(0);
});
