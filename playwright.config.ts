// Playwright end-to-end tests in real (Debian) Chromium. Never run `playwright install`: the browser is the
// system one (CHROMIUM_PATH, default /usr/bin/chromium). The web server is the real app on a fresh
// embedded database (scripts/e2e-server.mjs), or on E2E_DATABASE_URL when given.
import { defineConfig } from "@playwright/test";

const PORT = process.env.E2E_PORT ?? "3210";
const BASE_URL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    locale: "es-AR",
    timezoneId: "America/Argentina/Catamarca",
    trace: "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      testIgnore: [/\.nojs\.spec\.ts$/, /hostile-input\.spec\.ts$/],
      use: { browserName: "chromium" },
    },
    {
      name: "no-js",
      testMatch: /\.nojs\.spec\.ts$/,
      use: { browserName: "chromium", javaScriptEnabled: false },
    },
    {
      // The hostile-input table over every route (issue 12): after the others, since it writes (fichas, users, a
      // report refresh) and uses up the address's public lookups. `--no-deps` runs it alone.
      name: "hostile",
      testMatch: /hostile-input\.spec\.ts$/,
      dependencies: ["chromium", "no-js"],
      use: { browserName: "chromium" },
    },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: "node scripts/e2e-server.mjs",
        url: `http://127.0.0.1:${PORT}/healthz`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: process.env.E2E_SERVER_LOG ? "pipe" : "ignore",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      },
});
