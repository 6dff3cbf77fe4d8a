// Date fields beside buttons, with JavaScript (issue 28, ADR 056): the checks are in date-hint-support.ts.
import { test } from "@playwright/test";
import { checkDateRows } from "./date-hint-support";
import { ADMIN, login } from "./support";

test("the 'dd/mm/aaaa' hint leaves the buttons beside a date field level with the inputs", async ({ page }) => {
  await login(page, ADMIN.usuario, ADMIN.password);
  await checkDateRows(page, { axe: true });
});
