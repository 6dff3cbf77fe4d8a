// bench:api's verdicts: a goal is met only with every bound held and no error; the final line says whether every
// goal was met in every run.
import { describe, expect, test } from "vitest";
import type { LoadResult } from "~scripts/bench/api/driver";
import {
  callsTable,
  ceilingLines,
  finalLine,
  goalText,
  met,
  summary,
  type CallResult,
} from "~scripts/bench/api/report";

const result = (over: Partial<LoadResult> = {}): LoadResult => ({
  n: 1000,
  perSec: 1600,
  p50: 5,
  p95: 20,
  p99: 40,
  errors: 0,
  statuses: {},
  ...over,
});
const dni = (over: Partial<LoadResult> = {}): CallResult => ({
  name: "búsqueda por DNI",
  goal: { perSec: 1500, p95: 30 },
  result: result(over),
});
const single = (p50: number): CallResult => ({ name: "un cliente", goal: { p50: 3 }, result: result({ p50 }) });

describe("met", () => {
  test.each([
    ["every bound held", dni(), true],
    ["exactly on the bounds", dni({ perSec: 1500, p95: 30 }), true],
    ["too few per second", dni({ perSec: 1499 }), false],
    ["p95 too slow", dni({ p95: 30.1 }), false],
    ["one error", dni({ errors: 1, statuses: { 500: 1 } }), false],
    ["no answer at all", dni({ n: 0 }), false],
    ["single client, p50 held (its req/s is no goal)", single(2.9), true],
    ["single client, p50 too slow", single(3.1), false],
  ])("%s", (_, call, expected) => {
    expect(met(call)).toBe(expected);
  });
});

test("the goal in words", () => {
  expect(goalText({ perSec: 1500, p95: 30 })).toBe("≥ 1500 req/s, p95 ≤ 30 ms");
  expect(goalText({ p50: 3 })).toBe("p50 ≤ 3 ms");
});

test("the table names the errors by status and says NO for a call with errors", () => {
  const text = callsTable([dni(), dni({ errors: 3, statuses: { 0: 1, 500: 2 } })]);
  const [head, , ok, bad] = text.split("\n");
  expect(head).toMatch(/^\| call +\| req\/s \| p50 +\| p95 +\| errores +\| goal +\| met\? \|$/);
  expect(ok).toMatch(/\| 1600 +\| 5\.0 ms \| 20\.0 ms \| 0 .*\| sí +\|$/);
  expect(bad).toContain("3 (sin respuesta×1, 500×2)");
  expect(bad).toMatch(/\| NO +\|$/);
  expect(summary([dni(), dni({ errors: 3 })])).toBe("objetivos cumplidos: 1 de 2");
});

test("the ratio of the app to the ceiling", () => {
  const lines = ceilingLines(
    [
      { name: "sesión + búsqueda", n: 5, perSec: 8000, p50: 1, p95: 2 },
      { name: "búsqueda sola", n: 5, perSec: 16000, p50: 0.1, p95: 1 },
    ],
    result({ perSec: 400 }),
  );
  expect(lines).toHaveLength(3);
  expect(lines[2]).toBe("  app / techo (búsqueda por DNI): 400 / 8000 = 5.0 % (20.0× más lenta que la base sola)");
});

test("every goal in every run, or NO with the count of each run", () => {
  expect(
    finalLine([
      [dni(), single(2)],
      [dni(), single(2)],
    ]),
  ).toBe("sí: todos los objetivos cumplidos en todas las corridas (2; por corrida 2/2, 2/2)");
  expect(
    finalLine([
      [dni(), single(2)],
      [dni(), single(4)],
    ]),
  ).toBe("NO: todos los objetivos cumplidos en todas las corridas (2; por corrida 2/2, 1/2)");
  expect(finalLine([])).toMatch(/^NO/);
});
