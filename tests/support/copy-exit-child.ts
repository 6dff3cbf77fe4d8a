// Test helper process (reporting/copy-exit.test.ts): copies one table into an in-memory DuckDB from a source that
// sends one line and then stalls, as a PostgreSQL session that stopped sending would; once DuckDB reads the pipe it
// prints LEYENDO and calls process.exit(0), as the cluster's stop does mid-refresh. It must end, not hang.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { DuckDBInstance } from "@duckdb/node-api";
import { copyTables } from "~reporting/copy";
import type { Source } from "~reporting/source";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-copy-exit-"));
const stalled: Source = {
  key: "detenida",
  isReplica: false,
  streams: true,
  share: async () => null,
  close: async () => undefined,
  copyCsv: (_select: string, sink: Writable) =>
    new Promise<void>(() => {
      sink.write("1\n", () => {
        console.log("LEYENDO");
        setTimeout(() => process.exit(0), 200);
      });
    }),
};
const instance = await DuckDBInstance.create(":memory:");
await copyTables(instance, stalled, [{ name: "t", from: "t", columns: [["a", "INTEGER"]] }], dir, async () => {});
