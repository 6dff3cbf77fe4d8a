// The paging parameters every paged list shares: page from 0, size 1..MAX_PAGE_SIZE, blank → default; refused, not
// clamped, with one message each.
import { expect, test } from "vitest";
import { z } from "~/lib/zod";
import { MAX_PAGE_SIZE, MSG_PAGE, MSG_SIZE, pageParam, sizeParam } from "./paging";

const schema = z.object({ page: pageParam(), size: sizeParam(5) });
const parse = (raw: Record<string, string>) => schema.safeParse(raw);

test.each([
  [{}, { page: 0, size: 5 }],
  [
    { page: " 3 ", size: "" },
    { page: 3, size: 5 },
  ],
  [
    { page: "0", size: String(MAX_PAGE_SIZE) },
    { page: 0, size: MAX_PAGE_SIZE },
  ],
])("%o → %o", (raw, data) => {
  expect(parse(raw)).toMatchObject({ success: true, data });
});

test.each([
  [{ page: "-1" }, MSG_PAGE],
  [{ page: "1.5" }, MSG_PAGE],
  [{ page: "9999999999" }, MSG_PAGE],
  [{ page: "1 OR 1=1" }, MSG_PAGE],
  [{ size: "0" }, MSG_SIZE],
  [{ size: "101" }, MSG_SIZE],
  [{ size: "abc" }, MSG_SIZE],
])("%o is refused: %s", (raw, msg) => {
  const r = parse(raw);
  expect(r.success).toBe(false);
  expect(r.error?.issues.map((i) => i.message)).toEqual([msg]);
});
