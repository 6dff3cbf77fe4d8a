import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^~db\//, replacement: fileURLToPath(new URL("./db/", import.meta.url)) },
      { find: /^~reporting\//, replacement: fileURLToPath(new URL("./reporting/", import.meta.url)) },
      { find: /^~tests\//, replacement: fileURLToPath(new URL("./tests/", import.meta.url)) },
      { find: /^~scripts\//, replacement: fileURLToPath(new URL("./scripts/", import.meta.url)) },
      { find: /^~server\//, replacement: fileURLToPath(new URL("./server/", import.meta.url)) },
      { find: /^~\//, replacement: fileURLToPath(new URL("./app/", import.meta.url)) },
    ],
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "reporting/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    // Test files each open their own database; on 2 cores two at a time is the sweet spot.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
