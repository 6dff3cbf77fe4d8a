// Date fields beside buttons, with JavaScript (issue 28, ADR 056): the checks are in date-hint-support.ts.
import { test } from "./fixtures";
import { checkDateRows } from "./date-hint-support";
import { ADMIN } from "./support";

test("the 'dd/mm/aaaa' hint leaves the buttons beside a date field level with the inputs", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await checkDateRows(page, { axe: true });
});
