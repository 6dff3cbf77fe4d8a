// The bounded settings read from the environment (issue 12, ADR 026): the public lookup's limits, their defaults,
// and a clear message naming the variable when a value is unusable (checked at start-up by checkConfig).
import { describe, expect, test } from "vitest";
import {
  checkConfig,
  ConfigError,
  liveMaxStreams,
  logFormat,
  publicLookupConfig,
  sessionCacheMs,
  webConcurrency,
} from "./config.server";

describe("publicLookupConfig", () => {
  test("defaults: 20 lookups per address per 300 s, 2000 per hour in all", () => {
    expect(publicLookupConfig({})).toEqual({ max: 20, windowMs: 300_000, globalMaxPerHour: 2000 });
    expect(publicLookupConfig({ PUBLIC_LOOKUP_MAX: " ", PUBLIC_LOOKUP_WINDOW_S: "" })).toMatchObject({
      max: 20,
      windowMs: 300_000,
    });
  });

  test("the environment sets each limit", () => {
    const env = { PUBLIC_LOOKUP_MAX: "60", PUBLIC_LOOKUP_WINDOW_S: "600", PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR: " 5000 " };
    expect(publicLookupConfig(env)).toEqual({ max: 60, windowMs: 600_000, globalMaxPerHour: 5000 });
  });

  test.each([
    ["PUBLIC_LOOKUP_MAX", "abc"],
    ["PUBLIC_LOOKUP_MAX", "0"],
    ["PUBLIC_LOOKUP_MAX", "-5"],
    ["PUBLIC_LOOKUP_MAX", "2.5"],
    ["PUBLIC_LOOKUP_MAX", "1e3"],
    ["PUBLIC_LOOKUP_WINDOW_S", "5m"],
    ["PUBLIC_LOOKUP_WINDOW_S", "86401"],
    ["PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR", "mucho"],
    ["PUBLIC_LOOKUP_GLOBAL_MAX_PER_HOUR", "99999999999999"],
  ])("%s=%s is refused with a message naming the variable", (name, value) => {
    const run = () => publicLookupConfig({ [name]: value });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(new RegExp(`^${name} debe ser un número entero entre 1 y \\d+ \\(valor recibido: "`));
    expect(() => checkConfig({ [name]: value })).toThrow(ConfigError);
  });

  test("checkConfig accepts the defaults and good values", () => {
    expect(() => checkConfig({})).not.toThrow();
    expect(() => checkConfig({ PUBLIC_LOOKUP_MAX: "1", PUBLIC_LOOKUP_WINDOW_S: "86400" })).not.toThrow();
  });
});

describe("sessionCacheMs (ADR 042)", () => {
  test("1 000 ms by default, 0 turns the memory off, at most 2 000 (the promised bound)", () => {
    expect(sessionCacheMs({})).toBe(1000);
    expect(sessionCacheMs({ SESSION_CACHE_MS: "0" })).toBe(0);
    expect(sessionCacheMs({ SESSION_CACHE_MS: "2000" })).toBe(2000);
  });

  test.each(["2001", "-1", "1s", "abc"])("SESSION_CACHE_MS=%s stops the start with a message naming it", (value) => {
    expect(() => checkConfig({ SESSION_CACHE_MS: value })).toThrow(
      /^SESSION_CACHE_MS debe ser un número entero entre 0 y 2000/,
    );
  });
});

describe("webConcurrency (issue 16, ADR 043)", () => {
  test("default 1 (one process, today's behaviour); the environment sets it", () => {
    expect(webConcurrency({})).toBe(1);
    expect(webConcurrency({ WEB_CONCURRENCY: " " })).toBe(1);
    expect(webConcurrency({ WEB_CONCURRENCY: "4" })).toBe(4);
    expect(() => checkConfig({ WEB_CONCURRENCY: "2" })).not.toThrow();
  });

  test.each(["abc", "0", "-1", "2.5", "65"])("WEB_CONCURRENCY=%s is refused with a message naming it", (value) => {
    expect(() => webConcurrency({ WEB_CONCURRENCY: value })).toThrow(
      new RegExp(`^WEB_CONCURRENCY debe ser un número entero entre 1 y 64 \\(valor recibido: "`),
    );
    expect(() => checkConfig({ WEB_CONCURRENCY: value })).toThrow(ConfigError);
  });
});

describe("liveMaxStreams (issue 35, ADR 052)", () => {
  test("1 000 open event streams per process by default; the environment sets it", () => {
    expect(liveMaxStreams({})).toBe(1000);
    expect(liveMaxStreams({ LIVE_MAX_STREAMS: "50" })).toBe(50);
  });

  test.each(["abc", "0", "-1", "100001"])("LIVE_MAX_STREAMS=%s stops the start with a message naming it", (value) => {
    expect(() => checkConfig({ LIVE_MAX_STREAMS: value })).toThrow(
      /^LIVE_MAX_STREAMS debe ser un número entero entre 1 y 100000/,
    );
  });
});

describe("logFormat (issue 36, ADR 065)", () => {
  test("text by default (a person at a terminal); json for a machine; case and blanks do not matter", () => {
    expect(logFormat({})).toBe("text");
    expect(logFormat({ LOG_FORMAT: "" })).toBe("text");
    expect(logFormat({ LOG_FORMAT: "text" })).toBe("text");
    expect(logFormat({ LOG_FORMAT: " JSON " })).toBe("json");
  });

  test.each(["pino", "jsonl", "1"])("LOG_FORMAT=%s stops the start with a message naming it", (value) => {
    expect(() => checkConfig({ LOG_FORMAT: value })).toThrow(ConfigError);
    expect(() => checkConfig({ LOG_FORMAT: value })).toThrow(/^LOG_FORMAT debe ser 'text' o 'json' \(valor recibido: /);
  });
});
