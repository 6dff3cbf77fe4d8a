// Issue 36 §2, what an operator installs (deploy/, ADR 063) agrees with the app: the environment template names every
// variable of the README's configuration table; the nginx site's body limit is the app's MAX_BODY_BYTES and its
// event-stream timeout outlasts the live grid's 20 s heartbeat; and `systemd-analyze verify` accepts every unit of
// deploy/systemd/ (the web and worker units, and the backup units other parts add there).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { MAX_BODY_BYTES } from "~/lib/request-gate.server";
import { prerequisite } from "~tests/support/prerequisite";
import { SITE_FILE } from "~tests/support/nginx-process";

const UNITS_DIR = "deploy/systemd";
/** The live grid's heartbeat (app/modules/turnos/live/stream.server.ts, ADR 052). */
const HEARTBEAT_S = 20;

/** The variables the README's configuration table names (first column; `A` / `B` rows name two). */
function readmeVariables(readme: string): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const names = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
  return [...new Set(names)];
}

/** The variables the template sets or shows commented (`NAME=` or `# NAME=` at a line's start). */
function templateVariables(template: string): Set<string> {
  return new Set([...template.matchAll(/^(?:# ?)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

describe("deploy/osep.env.example", () => {
  const template = fs.readFileSync("deploy/osep.env.example", "utf8");

  test("names every variable of the README's configuration table, and the logs' and metrics' settings", () => {
    const readme = readmeVariables(fs.readFileSync("README.md", "utf8"));
    expect(readme.length).toBeGreaterThan(25); // the table was found
    const have = templateVariables(template);
    expect(readme.filter((name) => !have.has(name))).toEqual([]);
    expect(["LOG_FORMAT", "METRICS", "METRICS_TOKEN"].filter((name) => !have.has(name))).toEqual([]);
  });

  test("the check fails for a README row the template lacks", () => {
    const readme = "## Configuration\n\n| variable | default |\n|---|---|\n| `NEW_SETTING` / `PORT` | x |\n\n## Next\n";
    expect(readmeVariables(readme)).toEqual(["NEW_SETTING", "PORT"]);
    expect(templateVariables("PORT=3000\n# OTHER=1\n").has("NEW_SETTING")).toBe(false);
  });

  test("production values: behind the proxy, Secure cookies, not a demo, the worker owns the schedules", () => {
    for (const line of [
      "TRUST_PROXY=loopback",
      "COOKIE_SECURE=1",
      "DEMO=0",
      "DATA_DIR=/var/lib/osep",
      "REPORTING_SCHEDULER=worker",
      "HOST=127.0.0.1",
    ])
      expect(template.split("\n")).toContain(line);
  });
});

describe("deploy/nginx/osep.conf", () => {
  const site = fs.readFileSync(SITE_FILE, "utf8");
  const directive = (name: string, within = site) =>
    [...within.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, "gm"))].map((m) => m[1].trim());

  test("its body limit is the app's MAX_BODY_BYTES, in bytes", () => {
    expect(directive("client_max_body_size")).toEqual([String(MAX_BODY_BYTES)]);
  });

  test("the event stream is unbuffered and waits longer than the heartbeat for its next byte", () => {
    const stream = /location = \/turnos\/eventos \{([^}]*)\}/.exec(site)?.[1] ?? "";
    expect(directive("proxy_buffering", stream)).toEqual(["off"]);
    const [timeout] = directive("proxy_read_timeout", stream);
    expect(Number(/^(\d+)s$/.exec(timeout)?.[1])).toBeGreaterThan(HEARTBEAT_S);
  });

  test("the client's own X-Forwarded-For is replaced, never appended to", () => {
    expect(directive("proxy_set_header X-Forwarded-For")).toEqual(["$remote_addr"]);
  });
});

const verifyMissing = fs.existsSync("/usr/bin/systemd-analyze") ? null : "systemd-analyze (apt-get install -y systemd)";
if (prerequisite("systemd-analyze verify", verifyMissing)) {
  test("systemd-analyze verify accepts every unit of deploy/systemd/ (no error, no warning about them)", () => {
    const units = fs.readdirSync(UNITS_DIR).filter((f) => /\.(service|timer)$/.test(f));
    expect(units).toEqual(expect.arrayContaining(["osep-web.service", "osep-worker.service"]));
    // verify checks that ExecStart's program exists: the units name Debian's /usr/bin/node, which a CI runner's
    // Node (a tool cache) may not be; the copies name this Node instead and change nothing else
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-units-"));
    try {
      for (const unit of units) {
        const text = fs.readFileSync(path.join(UNITS_DIR, unit), "utf8");
        fs.writeFileSync(path.join(dir, unit), text.replaceAll("/usr/bin/node ", `${process.execPath} `));
      }
      const r = spawnSync("systemd-analyze", ["verify", ...units.map((u) => path.join(dir, u))], {
        encoding: "utf8",
      });
      const aboutOurs = `${r.stdout}\n${r.stderr}`.split("\n").filter((l) => units.some((u) => l.includes(u)));
      expect({ status: r.status, aboutOurs }).toEqual({ status: 0, aboutOurs: [] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
