// Helpers of the oncology form specs (with and without JavaScript).
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { adminToken } from "./support";

/** The control of a label; required fields' labels end in an aria-hidden ' *'. */
export function field(scope: Page | Locator, text: string): Locator {
  return scope.getByLabel(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(\\s*\\*)?$`));
}

/** A demo member with a 7–8 digit DNI (from GET /api/afiliado/?targetField=nombre&nombre=a); `last` picks another one. */
export async function demoMember(
  request: APIRequestContext,
  pick: "first" | "last" = "first",
): Promise<{ dni: string; nombre: string }> {
  const token = await adminToken(request);
  const res = await request.get("/api/afiliado/?targetField=nombre&nombre=a", { headers: { "x-auth-token": token } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { resultado: { numdoc: string; apeynom: string }[] };
  const rows = pick === "last" ? [...body.resultado].reverse() : body.resultado;
  const row = rows.find((r) => /^\d{7,8}$/.test(r.numdoc.trim()));
  expect(row, "a demo member with a 7–8 digit DNI").toBeTruthy();
  return { dni: row!.numdoc.trim(), nombre: row!.apeynom.trim() };
}

/** Fills the required fields the member lookup leaves empty (a member without an address, for example). */
export async function fillIfEmpty(page: Page, label: string, value: string) {
  const input = field(page, label);
  if ((await input.inputValue()).trim() === "") await input.fill(value);
}
