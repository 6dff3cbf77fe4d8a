import { expect, test } from "vitest";
import { oncePerRequest, requestContext } from "./request-context.server";

test("oncePerRequest runs its work once per request and key, and every time outside a request", async () => {
  let calls = 0;
  const load = async () => ++calls;
  await requestContext.run({ address: "1.2.3.4", userAgent: "t", userId: null }, async () => {
    expect(await Promise.all([oncePerRequest("a", load), oncePerRequest("a", load)])).toEqual([1, 1]);
    expect(await oncePerRequest("b", load)).toBe(2);
  });
  await requestContext.run({ address: "1.2.3.4", userAgent: "t", userId: null }, async () => {
    expect(await oncePerRequest("a", load)).toBe(3); // a new request computes again
  });
  expect(await oncePerRequest("a", load)).toBe(4);
  expect(await oncePerRequest("a", load)).toBe(5);
});
