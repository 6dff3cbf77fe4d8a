// Date fields beside buttons, without JavaScript (issue 28, ADR 056): the same checks on the server's pages (axe needs
// the page's JavaScript: date-hint.spec.ts runs it on the same pages).
import { test } from "./fixtures";
import { checkDateRows } from "./date-hint-support";
import { ADMIN } from "./support";

test("the 'dd/mm/aaaa' hint leaves the buttons beside a date field level with the inputs", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await checkDateRows(page, { axe: false });
});
