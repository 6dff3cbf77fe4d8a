import { afterEach, describe, expect, test } from "vitest";
import { cachedSession, forgetSessions } from "./session-cache.server";

const counter = () => {
  let calls = 0;
  return { load: async () => ++calls, calls: () => calls };
};

describe("the per-process session memory (ADR 042)", () => {
  afterEach(() => {
    delete process.env.SESSION_CACHE_MS;
    forgetSessions();
  });

  test("a lookup is reused for less than SESSION_CACHE_MS (default 1 s), then read again", async () => {
    const c = counter();
    expect(await cachedSession("a", c.load, 10_000)).toBe(1);
    expect(await cachedSession("a", c.load, 10_999)).toBe(1);
    expect(await cachedSession("a", c.load, 11_000)).toBe(2);
    expect(c.calls()).toBe(2);
  });

  test("each token has its own entry", async () => {
    const c = counter();
    await cachedSession("a", c.load, 0);
    await cachedSession("b", c.load, 0);
    expect(c.calls()).toBe(2);
  });

  test("forgetSessions makes the next lookup read again", async () => {
    const c = counter();
    await cachedSession("a", c.load, 0);
    forgetSessions();
    expect(await cachedSession("a", c.load, 1)).toBe(2);
  });

  test("a lookup that raced a forget is not remembered", async () => {
    let release!: () => void;
    const slow = cachedSession("a", () => new Promise<string>((r) => (release = () => r("old"))), 0);
    forgetSessions(); // e.g. a sign-out committed while the old row was on its way
    release();
    expect(await slow).toBe("old"); // that request saw the row it read
    expect(await cachedSession("a", async () => "new", 1)).toBe("new"); // the next one does not
  });

  test("SESSION_CACHE_MS=0 reads every time", async () => {
    process.env.SESSION_CACHE_MS = "0";
    const c = counter();
    await cachedSession("a", c.load, 0);
    await cachedSession("a", c.load, 0);
    expect(c.calls()).toBe(2);
  });

  test("SESSION_CACHE_MS sets the time", async () => {
    process.env.SESSION_CACHE_MS = "200";
    const c = counter();
    await cachedSession("a", c.load, 0);
    expect(await cachedSession("a", c.load, 199)).toBe(1);
    expect(await cachedSession("a", c.load, 200)).toBe(2);
  });
});
