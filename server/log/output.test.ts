// A process with LOG_FORMAT=json (issue 36, ADR 065): everything it prints — the console's methods, an error object,
// a Node warning, an uncaught error that ends it — is JSON lines on stdout, with nothing of the error's values; it
// still exits 1 on the uncaught error, as Node does. With LOG_FORMAT=text the console prints as before, and a bad
// LOG_FORMAT stops it with the Spanish message naming the variable.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const child = fileURLToPath(new URL("../../tests/support/json-output-child.ts", import.meta.url));

function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["--import", "tsx", child], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.stderr.on("data", (d) => (stderr += d));
    p.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

test("LOG_FORMAT=json: every line printed is JSON, the uncaught error too (fatal, exit 1), no statement values", async () => {
  const { code, stdout, stderr } = await run({ LOG_FORMAT: "json" });
  expect(code).toBe(1);
  expect(stderr).toBe("");
  const lines = stdout
    .trimEnd()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(lines.map((l) => [l.level, l.msg])).toEqual([
    ["info", "[prueba] proceso listo"],
    ["warn", "[prueba] aviso"],
    ["error", "[prueba] falló:"],
    ["warn", "Warning: una advertencia de Node"],
    ["fatal", "error no capturado (uncaughtException): el proceso termina"],
  ]);
  expect((lines[2].err as { stack: string }).stack).toMatch(/\n\s+at /);
  expect((lines[4].err as { message: string }).message).toBe("Error: sin capturar");
  expect(stdout).not.toContain("30987654");
});

test("LOG_FORMAT=text: the console as it is", async () => {
  const { code, stdout, stderr } = await run({ LOG_FORMAT: "" });
  expect(code).toBe(1);
  expect(stdout).toBe("[prueba] proceso listo\n");
  expect(stderr).toContain("[prueba] aviso");
  expect(stderr).toContain("Error: sin capturar");
});

test("a bad LOG_FORMAT stops the process with its message", async () => {
  const { code, stdout, stderr } = await run({ LOG_FORMAT: "xml" });
  expect(code).toBe(1);
  expect(stdout).toBe("");
  expect(stderr.trim()).toBe(`LOG_FORMAT debe ser 'text' o 'json' (valor recibido: "xml").`);
});
