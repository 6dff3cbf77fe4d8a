// The reporting store from the user's side: every report shows 'Datos al …'; an administrator (operation 34)
// refreshes it from the screen and the new snapshot goes into service; /healthz reports the snapshot's age;
// users without operation 34 get no button and a 403 if they post anyway.
import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, createThrowawayUser, login, waitForHydration } from "./support";

const PROFILE_AUDITORIA = 10;
const REPORTS = ["/osep-tiempos-auditoria", "/consumos-por-prestador", "/liquidacion-prestadores"];

type Health = {
  reporting: { snapshot_built_at: string | null; snapshot_age_s: number | null; stale: boolean; refresh: string };
};

async function health(request: APIRequestContext): Promise<Health> {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  return (await res.json()) as Health;
}

async function waitForFirstSnapshot(request: APIRequestContext): Promise<string> {
  let built: string | null = null;
  await expect(async () => {
    built = (await health(request)).reporting.snapshot_built_at;
    expect(built).not.toBeNull();
  }).toPass({ timeout: 120_000, intervals: [1000] });
  return built!;
}

test("healthz reports the snapshot's age; an administrator refreshes from a report and the new snapshot serves", async ({
  page,
  request,
  signIn,
}) => {
  const before = await waitForFirstSnapshot(request);
  const h = await health(request);
  expect(h.reporting.stale).toBe(false);
  expect(h.reporting.snapshot_age_s).toBeGreaterThanOrEqual(0);

  await signIn(page, ADMIN);
  for (const path of REPORTS) {
    await page.goto(path);
    await expect(page.getByText(/^Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/), path).toBeVisible();
  }
  await waitForHydration(page);
  await page.getByRole("button", { name: "Actualizar datos" }).click();
  await expect(async () => {
    const now = (await health(request)).reporting;
    expect(now.snapshot_built_at).not.toBe(before);
    expect(now.refresh).toBe("ok");
  }).toPass({ timeout: 60_000, intervals: [500] });
  await expect(page.getByRole("button", { name: "Actualizar datos" })).toBeEnabled({ timeout: 15_000 });
  await expect(page.getByText(/^Datos al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(page.getByText(/La última actualización falló/)).toHaveCount(0);
});

test("without operation 34: no refresh button, and posting anyway is refused", async ({ page, request }) => {
  await waitForFirstSnapshot(request);
  const user = await createThrowawayUser(request, { perfil: PROFILE_AUDITORIA });
  await login(page, user.usuario, user.password);
  await page.goto("/osep-tiempos-auditoria");
  await expect(page.getByText(/^Datos al /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Actualizar datos" })).toHaveCount(0);
  const res = await page.request.post("/reportes/actualizar");
  expect(res.status()).toBe(403);
  expect((await page.request.get("/reportes/estado")).status()).toBe(403);
});

test("a refresh refused because another holder has the lock says so on the bar (409 from the server)", async ({
  page,
  request,
  signIn,
}) => {
  await waitForFirstSnapshot(request);
  await signIn(page, ADMIN);
  await page.goto("/consumos-por-prestador");
  await waitForHydration(page);
  // Another app instance or the worker holding the lock cannot be arranged from a browser: the server's 409
  // (tests/unit/reportes-actualizar.test.ts) is answered here as the action answers the bar's fetcher.
  const busy =
    "Ya hay una actualización de los datos de informes en curso: los informes mostrarán los datos nuevos cuando termine.";
  await page.route("**/reportes/actualizar?**", (route) =>
    route.fulfill({
      status: 409,
      headers: { "Content-Type": "application/json", "X-Remix-Response": "yes" },
      body: JSON.stringify({ msg: busy, running: false, texto: "", datos_al: null, error: null }),
    }),
  );
  await page.getByRole("button", { name: "Actualizar datos" }).click();
  await expect(page.getByText(busy)).toBeVisible();
  await expect(page.getByText("Actualización iniciada")).toHaveCount(0);
});
