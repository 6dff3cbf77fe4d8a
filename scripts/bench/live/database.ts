// bench:live's PostgreSQL: with DATABASE_URL a new database on that server (dropped at the end); without it a
// throwaway server of its own, started by scripts/test-postgres.sh (the one place that starts one) in a bash that
// stays until the bench ends (its EXIT trap stops the server and removes its directory).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

export type BenchDatabase = { url: string; drop: () => Promise<void> };

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** A throwaway PostgreSQL server (test-postgres.sh in a bash kept alive), its URL and how to stop it. */
function throwawayServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  // a foreground loop, not `sleep infinity`: bash runs its TERM trap (which stops the server) between two sleeps
  const script = `source scripts/test-postgres.sh; start_test_postgres || exit 1; echo "URL=$DATABASE_URL"; while :; do sleep 1; done`;
  const child = spawn("bash", ["-c", script], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /URL=(\S+)/.exec(out);
      if (m) {
        const stop = () =>
          new Promise<void>((done) => {
            child.once("exit", () => done());
            child.kill("SIGTERM");
          });
        resolve({ url: m[1], stop });
      }
    });
    child.once("exit", (code) => reject(new Error(`no se pudo iniciar PostgreSQL (código ${code}): ${out}`)));
  });
}

/** A fresh, empty database for the bench (the app migrates and loads the demo data itself). */
export async function benchDatabase(): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  const server = given ? { url: given, stop: async () => undefined } : await throwawayServer();
  const name = `osep_bench_live_${randomBytes(4).toString("hex")}`;
  await adminQuery(server.url, `create database ${name}`);
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await adminQuery(server.url, `drop database if exists ${name} with (force)`).catch(() => undefined);
      await server.stop();
    },
  };
}
