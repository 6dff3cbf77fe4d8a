// bench:api's comparisons: how rounds add up (req/s over all of a side's requests and seconds, the median p95, the
// second side over the first), and the bench-only switch that opens the second port: off unless set, a bad port refused.
import { expect, test } from "vitest";
import { comparisonRows, type Round } from "~scripts/bench/api/compare";
import type { LoadResult } from "~scripts/bench/api/driver";
import { officialAdapterPort } from "~server/official-adapter";

const result = (n: number, p95: number, errors = 0): LoadResult => ({
  n,
  perSec: n / 10,
  p50: p95 / 2,
  p95,
  p99: p95,
  errors,
  statuses: {},
});

test("per call: each adapter's requests over its seconds, the median of its p95s, and official/ours", () => {
  const rounds: Round[] = [
    { call: "dni", side: "nuestro", result: result(1000, 10), seconds: 10 },
    { call: "dni", side: "oficial", result: result(900, 12, 1), seconds: 10 },
    { call: "dni", side: "oficial", result: result(1100, 30), seconds: 10 },
    { call: "dni", side: "nuestro", result: result(1000, 20), seconds: 10 },
    { call: "dni", side: "nuestro", result: result(1000, 14), seconds: 10 },
    { call: "dni", side: "oficial", result: result(1000, 11), seconds: 10 },
  ];
  expect(comparisonRows(rounds, ["nuestro", "oficial"])).toEqual([
    ["dni", "100", "100", "1.000", "14.0", "12.0", "0.857", "0/1"],
  ]);
});

test("the second port: off by default, a port when set, a bad value refused with its message", () => {
  expect(officialAdapterPort({})).toBeNull();
  expect(officialAdapterPort({ BENCH_OFFICIAL_ADAPTER_PORT: "" })).toBeNull();
  expect(officialAdapterPort({ BENCH_OFFICIAL_ADAPTER_PORT: "4100" })).toBe(4100);
  for (const bad of ["abc", "0", "70000", "41.5"]) {
    expect(() => officialAdapterPort({ BENCH_OFFICIAL_ADAPTER_PORT: bad })).toThrow(
      `BENCH_OFFICIAL_ADAPTER_PORT debe ser un puerto entre 1 y 65535 (valor recibido: '${bad}').`,
    );
  }
});
