import { defineConfig } from "vitest/config";
import { viteAliases } from "./scripts/aliases.mjs";

export default defineConfig({
  // the aliases of tsconfig.json's paths, the one list (scripts/aliases.mjs)
  resolve: { alias: viteAliases() },
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
