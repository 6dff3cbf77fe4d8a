// Helpers of the oncology specs (Nueva Ficha with and without JavaScript, Buscar Ficha).
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
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

/** The member fields the lookup may leave empty, filled with plain values so the ficha can be saved. */
export async function fillMemberGaps(page: Page, values: Partial<Record<MemberGap, string>> = {}) {
  for (const [label, value] of Object.entries({ ...MEMBER_GAP_DEFAULTS, ...values })) {
    await fillIfEmpty(page, label, value);
  }
}

const MEMBER_GAP_DEFAULTS = {
  "Nro. Afiliado": "1",
  Parentesco: "TITULAR",
  Sexo: "F",
  "Estado Civil": "SOLTERO",
  Domicilio: "Calle 1",
  Localidad: "Capital",
};
type MemberGap = keyof typeof MEMBER_GAP_DEFAULTS;

const handedOut = new Set<string>();
let nextPage = 0;

/**
 * A member's DNI for a test of its own (a ficha's DNI must be a member's, decision 027): a member with no active
 * ficha, from the member list (GET /api/afiliado/listado-afiliados/, by idafi) at pages 40 + worker + 8·k, so two
 * parallel workers never pick the same member; the members of the name search demoMember picks from are skipped
 * (other specs write fichas for them), and so is every DNI this worker already handed out.
 */
export async function freeMemberDni(request: APIRequestContext): Promise<string> {
  const headers = { "x-auth-token": await adminToken(request) };
  const search = await request.get("/api/afiliado/?targetField=nombre&nombre=a", { headers });
  const taken = new Set(((await search.json()) as { resultado: { numdoc: string }[] }).resultado.map((r) => r.numdoc));
  const worker = test.info().parallelIndex;
  for (; nextPage < 15; nextPage++) {
    const page = 40 + worker + 8 * nextPage;
    const res = await request.get(`/api/afiliado/listado-afiliados/?page=${page}&size=20&obtener_total=false`, {
      headers,
    });
    expect(res.status(), `member list page ${page}`).toBe(200);
    const { listado } = (await res.json()) as { listado: { numdoc: string }[] };
    for (const { numdoc } of listado) {
      const dni = numdoc.trim();
      if (!/^\d{7,8}$/.test(dni) || handedOut.has(dni) || taken.has(numdoc)) continue;
      const fichas = await request.get(`/api/onco/buscarpordni/${dni}`, { headers });
      if (((await fichas.json()) as { fichas: unknown[] }).fichas.length > 0) continue;
      handedOut.add(dni);
      return dni;
    }
  }
  throw new Error("no member without fichas left for this worker");
}
