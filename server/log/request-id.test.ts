// The request id's grammar (issue 36, ADR 065): an incoming X-Request-Id is kept only when it looks like an id —
// nginx's $request_id, a UUID, a trace id; anything that could forge a line, flood the log or be something personal
// (a DNI, a CUIL, a date, a name) is replaced by a new UUID and never echoed.
import { describe, expect, test } from "vitest";
import { isWellFormedRequestId, requestIdOf } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the request id", () => {
  test.each([
    ["nginx's $request_id", "3f8a9c0e5d7b41c2a6e9f0b1c2d3e4f5"],
    ["a UUID", "0b6f0c1e-7a53-4d0f-9a59-2d8f3c1b7e44"],
    ["a trace id with dots, colons and underscores", "Root.1-5759e988:span_7"],
    ["a short one", "a1"],
    ["128 characters", "a1".repeat(64)],
  ])("%s is kept", (_, id) => {
    expect(isWellFormedRequestId(id)).toBe(true);
    expect(requestIdOf(id)).toBe(id);
  });

  test.each([
    ["empty", ""],
    ["129 characters", "a1".repeat(64) + "b"],
    ["500 characters", "x9".repeat(250)],
    ["a newline (a forged log line)", "abc1\n2026-12-01T00:00:00.000Z GET / 200"],
    ["a carriage return", "abc1\rdef"],
    ["a NUL", "abc1\u0000"],
    ["a space", "abc 123"],
    ["a quote", 'abc1"}'],
    ["a non-ASCII letter", "peña1"],
    ["a DNI", "30987654"],
    ["a CUIL", "20-30987654-3"],
    ["a date", "2026-12-01"],
    ["a name", "Zapiola-Eustaquia"],
  ])("%s is replaced by a new UUID", (_, id) => {
    expect(isWellFormedRequestId(id)).toBe(false);
    const made = requestIdOf(id);
    expect(made).toMatch(UUID);
    expect(made).not.toBe(id);
  });

  test("no header, or the header twice: a new UUID each time", () => {
    expect(requestIdOf(undefined)).toMatch(UUID);
    expect(requestIdOf(["abc123", "def456"])).toMatch(UUID);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});
