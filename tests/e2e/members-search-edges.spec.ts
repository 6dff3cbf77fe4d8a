// Edge cases of 'Consulta de Padrón de Afiliados': a CUIL whose check digit is 0 is a registered CUIL (detail panel
// and Aportes), the capped name search says so (screen and API), the member number accepts the full number or
// the central number (the hint says which), and Escape returns focus to the row that opened the detail.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./axe";
import { ADMIN, adminToken, waitForHydration } from "./support";

type Afiliado = {
  idafi: number;
  apeynom: string;
  numdoc: string;
  nroafi: string;
  grupo: string;
  nromedio: string;
  cuil_prefijo: string | null;
  cuil_nrocentral: string | null;
  cuil_dtoverific: string | null;
};
type Detail = { afiliado: Afiliado; familiares: { idafi: number; apeynom: string }[] };

const CAPPED = "Se muestran los primeros 50 resultados de más de 50: refine la búsqueda";
const dialog = (page: Page) => page.getByRole("dialog");
const results = (page: Page) => page.getByRole("table", { name: "Resultados de la búsqueda" });

async function findMember(
  request: APIRequestContext,
  ok: (d: Detail, token: string) => Promise<boolean> | boolean,
): Promise<Detail> {
  const token = await adminToken(request);
  for (let id = 1; id < 400; id++) {
    const res = await request.get(`/api/afiliado/buscarporidafi/${id}`, { headers: { "x-auth-token": token } });
    if (res.status() !== 200) continue;
    const d = (await res.json()) as Detail;
    if (await ok(d, token)) return d;
  }
  throw new Error("no demo member fits");
}

async function openSearch(page: Page) {
  await page.goto("/consultar-padron");
  await waitForHydration(page, "form[role=search] input");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the capped notice and the member-number hint are in the server-rendered page", async ({ page, signIn }) => {
    await signIn(page, ADMIN);
    await page.goto("/consultar-padron?metodo=nombre&nombre=a");
    await expect(page.getByText(CAPPED)).toBeVisible();
    await expect(results(page).locator("tbody tr")).toHaveCount(50);
    await expect(page.getByLabel("Ingrese el número de afiliado")).toHaveAccessibleDescription(/número central/);
  });
});

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page, signIn }) => signIn(page, ADMIN));

  test("a search error goes away by itself after 5 s; another search shows it again", async ({ page }) => {
    const error = page.getByRole("alert").filter({ hasText: "El DNI debe contener solo números" });
    await page.goto("/consultar-padron?metodo=dni&dni=12ab");
    await waitForHydration(page, "form[role=search] input");
    await expect(error).toBeVisible();
    await expect(error).toBeHidden({ timeout: 8_000 });
    // the same message for another search (no page load): shown again, and gone again
    await page.getByLabel("Ingrese el DNI").fill("34cd");
    await page.getByLabel("Ingrese el DNI").press("Enter");
    await expect(page).toHaveURL(/dni=34cd/);
    await expect(error).toBeVisible();
    await expect(error).toBeHidden({ timeout: 8_000 });
  });

  test("at 390 px the hint and the capped notice fit, with no serious accessibility violation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/consultar-padron?metodo=nombre&nombre=a");
    await expect(page.getByText(CAPPED)).toBeVisible();
    await expect(page.getByText(/^Número completo/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page, ".padron");
  });

  test("a CUIL whose check digit is 0 shows as registered on the detail panel and its contributions are listed", async ({
    page,
    request,
  }) => {
    // the demo member 14 kind: check digit 0, with contributions filed under that CUIL
    const { afiliado: m } = await findMember(request, async (d, token) => {
      const a = d.afiliado;
      if (a.cuil_dtoverific !== "0" || !a.cuil_prefijo || !a.cuil_nrocentral) return false;
      const ap = await request.get(
        `/api/aportes/?afi_cuil=${a.cuil_prefijo}${a.cuil_nrocentral}0&orderField=fecha&orderType=DESC`,
        {
          headers: { "x-auth-token": token },
        },
      );
      return ((await ap.json()) as { aportes: unknown[] }).aportes.length > 0;
    });
    const cuil = `${m.cuil_prefijo}-${m.cuil_nrocentral}-0`;
    await page.goto(`/consultar-padron/${m.idafi}?tab=aportes`);
    await expect(dialog(page).getByRole("heading", { name: m.apeynom })).toBeVisible();
    await expect(dialog(page).getByText(cuil, { exact: true }).first()).toBeVisible();
    await expect(dialog(page).getByText(/NO REGISTRADO/)).toHaveCount(0);
    await expect(dialog(page).getByText(/No se registran aportes/)).toHaveCount(0);
    await expect(
      dialog(page)
        .getByRole("cell", { name: `${m.cuil_prefijo}${m.cuil_nrocentral}0` })
        .first(),
    ).toBeVisible();
  });

  test("a name search capped at 50 rows says so and asks to refine, on the screen and in the API", async ({
    page,
    request,
  }) => {
    await openSearch(page);
    await page.getByRole("radio", { name: "Apellido y/o Nombre" }).check();
    await page.getByLabel("Ingrese parte del apellido y/o nombre").fill("a");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText(CAPPED)).toBeVisible();
    await expect(results(page).locator("tbody tr")).toHaveCount(50);

    // a search that is not capped says nothing of the kind
    await page.getByLabel("Ingrese parte del apellido y/o nombre").fill("zzqxw");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page.getByText("La búsqueda no ha encontrado ningún resultado")).toBeVisible();
    await expect(page.getByText(CAPPED)).toHaveCount(0);

    const h = { "x-auth-token": await adminToken(request) };
    const capped = await (await request.get("/api/afiliado/?targetField=nombre&nombre=a", { headers: h })).json();
    expect(capped.resultado).toHaveLength(50);
    expect(capped).toMatchObject({ limitado: true, limite: 50, aviso: CAPPED });
    const few = await (await request.get("/api/afiliado/?targetField=nombre&nombre=zzqxw", { headers: h })).json();
    expect(few).toMatchObject({ resultado: [], limitado: false, limite: 50 });
    expect(few.aviso).toBeUndefined();
  });

  test("the member number accepts the full number or the central number, and the hint says so", async ({
    page,
    request,
  }) => {
    const d = await findMember(request, (x) => x.familiares.length >= 2);
    await openSearch(page);
    await page.getByRole("radio", { name: "Número de Afiliado" }).check();
    const nro = page.getByLabel("Ingrese el número de afiliado");
    await expect(nro).toHaveAccessibleDescription(/número completo.*número central/i);

    await nro.fill(d.afiliado.nromedio); // the central number: the whole family group
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(results(page).locator("tbody tr")).toHaveCount(d.familiares.length);
    await expect(results(page)).toContainText(d.afiliado.apeynom);

    await nro.fill(d.afiliado.nroafi); // the full number: that member only
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(results(page).locator("tbody tr")).toHaveCount(1);
    await expect(results(page)).toContainText(d.afiliado.apeynom);

    const h = { "x-auth-token": await adminToken(request) };
    const api = await (
      await request.get(`/api/afiliado/?targetField=nroafi&nroafi=${d.afiliado.nromedio}`, { headers: h })
    ).json();
    expect((api.resultado as { idafi: number }[]).map((r) => r.idafi).sort()).toEqual(
      d.familiares.map((f) => f.idafi).sort(),
    );
  });

  test("Escape closes the member detail and returns focus to the row that opened it", async ({ page, request }) => {
    const d = await findMember(request, (x) => x.familiares.length >= 2);
    await openSearch(page);
    await page.getByLabel("Ingrese el DNI").fill(d.afiliado.numdoc);
    await page.getByRole("button", { name: "Buscar" }).click();
    const link = results(page).getByRole("link", { name: d.afiliado.apeynom });
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(dialog(page).getByRole("heading", { name: d.afiliado.apeynom })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);
    await expect(link).toBeFocused();

    // the close button returns it too (opened by a click this time)
    await results(page).getByRole("link", { name: d.afiliado.apeynom }).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(link).toBeFocused();
  });
});
