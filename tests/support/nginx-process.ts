// Debian's nginx serving the SHIPPED site (deploy/nginx/osep.conf) in front of a test's app, for the proxy tests:
// a throwaway self-signed certificate (openssl), a minimal nginx.conf around the site whose pid, logs and temp files
// live in a temporary directory, and only the site's «site» values replaced (ports, certificate files, log file,
// the app's address, the server name). And an HTTPS client that trusts that certificate and can connect from any
// loopback address (127.0.0.2, 127.0.0.3: different clients for the per-address limits).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./app-process";

export const SITE_FILE = "deploy/nginx/osep.conf";
export const NGINX = "/usr/sbin/nginx";

/** What the proxy tests need beyond the build and PostgreSQL: nginx and openssl (npm test installs both). */
export function proxyToolsMissing(): string | null {
  if (!fs.existsSync(NGINX)) return "nginx (apt-get install -y nginx)";
  if (spawnSync("openssl", ["version"]).status !== 0) return "openssl (apt-get install -y openssl)";
  return null;
}

export type Proxy = {
  httpsPort: number;
  httpPort: number;
  /** The certificate (PEM) the client trusts. */
  ca: string;
  /** Everything nginx wrote to the site's access log so far. */
  accessLog: () => string;
  stop: () => Promise<void>;
};

/** The shipped site with its «site» values replaced; each value must be there (the file and the test agree). */
export function siteFor(values: { appAddress: string; httpPort: number; httpsPort: number; dir: string }): string {
  let site = fs.readFileSync(SITE_FILE, "utf8");
  const replacements: [string, string][] = [
    ["/etc/letsencrypt/live/consultas.osep.gob.ar/fullchain.pem", path.join(values.dir, "cert.pem")],
    ["/etc/letsencrypt/live/consultas.osep.gob.ar/privkey.pem", path.join(values.dir, "key.pem")],
    ["/var/log/nginx/osep-access.log", path.join(values.dir, "osep-access.log")],
    ["server 127.0.0.1:3000 ", `server ${values.appAddress} `],
    ["listen 80;", `listen 127.0.0.1:${values.httpPort};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${values.httpsPort} ssl http2;`],
    ["server_name consultas.osep.gob.ar;", "server_name localhost;"],
  ];
  for (const [from, to] of replacements) {
    if (!site.includes(from)) throw new Error(`${SITE_FILE} no contiene «${from}»`);
    site = site.replaceAll(from, to);
  }
  return site;
}

function selfSignedCertificate(dir: string): string {
  const r = spawnSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
      ...["-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
    ],
    { encoding: "utf8" },
  );
  if (r.status !== 0) throw new Error(`openssl: ${r.stderr}`);
  return fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
}

/** The nginx.conf around the site: one worker, everything it writes under `dir`. */
function wrapper(dir: string): string {
  const at = (name: string) => path.join(dir, name);
  return [
    "worker_processes 1;",
    `pid ${at("nginx.pid")};`,
    `error_log ${at("error.log")} warn;`,
    "events { worker_connections 256; }",
    "http {",
    `  access_log ${at("access.log")};`,
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${at(t)};`),
    `  include ${at("osep.conf")};`,
    "}",
    "",
  ].join("\n");
}

async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx terminó (${child.exitCode}):\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => s.end(() => resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nginx no escucha en ${port}:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** nginx in front of the app at `appOrigin` (http://host:port), until stop(). */
export async function startProxy(appOrigin: string): Promise<Proxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-nginx-"));
  // nginx's workers run as 'nobody' when the test runs as root: they write the temp paths under this directory
  fs.chmodSync(dir, 0o755);
  const ca = selfSignedCertificate(dir);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const appAddress = new URL(appOrigin).host;
  fs.writeFileSync(path.join(dir, "osep.conf"), siteFor({ appAddress, httpPort, httpsPort, dir }));
  fs.writeFileSync(path.join(dir, "nginx.conf"), wrapper(dir));
  let out = "";
  const child = spawn(
    NGINX,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log"), "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  const read = (name: string) =>
    fs.existsSync(path.join(dir, name)) ? fs.readFileSync(path.join(dir, name), "utf8") : "";
  const log = () => out + read("error.log");
  const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM"); // nginx's fast shutdown
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await ended;
    clearTimeout(timer);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(httpsPort, child, log);
  } catch (e) {
    await stop();
    throw e;
  }
  return { httpsPort, httpPort, ca, accessLog: () => read("osep-access.log"), stop };
}

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

export type Call = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's own address (a loopback one): a different client for the per-address limits. */
  from?: string;
};

/** One HTTPS request to the proxy, as a browser at https://localhost:<port> sends it (Host, SNI), on its own connection. */
export function viaProxy(proxy: Proxy, pathname: string, call: Call = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: proxy.httpsPort,
        path: pathname,
        method: call.method ?? "GET",
        headers: { host: `localhost:${proxy.httpsPort}`, ...call.headers },
        ca: proxy.ca,
        localAddress: call.from,
        agent: false,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(call.body);
  });
}
