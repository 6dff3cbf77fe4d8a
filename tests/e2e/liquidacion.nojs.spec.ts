// Preliquidación without JavaScript (project 'no-js'): the Listado's local filter is a GET form field ('Filtrar')
// that the server applies to the table, and the pager keeps it. Needs the reporting snapshot (built at start-up).
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { ADMIN, whenSnapshotReady } from "./support";

const PRESTADOR = "33-57035919-9"; // the first seeded responsable (seed 1)
const todayAR = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/Argentina/Catamarca" });
const daysAgo = (n: number) => new Date(Date.parse(todayAR()) - n * 86_400_000).toISOString().slice(0, 10);
// ten months: the anaesthetists bill only anaesthesia (about a dozen rows a month), enough rows for several pages
const QUERY = `fecha_desde=${daysAgo(300)}&fecha_hasta=${todayAR()}&responsable=${encodeURIComponent(PRESTADOR)}`;

type Row = Record<string, unknown>;

/** The text the grid filters on for a row (the column values: amounts as numbers, anulado as SI/NO). */
function rowText(r: Row): string {
  return Object.entries(r)
    .map(([k, v]) =>
      v == null ? "" : k === "anulado" ? (v ? "SI" : "NO") : k.startsWith("monto") ? String(Number(v)) : String(v),
    )
    .join("\n")
    .toUpperCase();
}

async function liquidacion(request: APIRequestContext): Promise<Row[]> {
  const path = `/api/prestadores/liquidacion?${QUERY}`;
  return (await whenSnapshotReady<{ liquidacion: Row[] }>(request, path)).liquidacion;
}

const table = (page: Page) => page.getByRole("table", { name: "Listado" });
const bodyRows = (page: Page) => table(page).locator("tbody tr");
const pager = (page: Page) => page.getByRole("navigation", { name: "Páginas del listado" });

test("the Listado's local filter works as a GET form field, and the pager keeps it", async ({
  page,
  request,
  signIn,
}) => {
  test.setTimeout(240_000);
  const rows = await liquidacion(request);
  expect(rows.length).toBeGreaterThan(20); // enough for paging
  await signIn(page, ADMIN);
  await page.goto(`/liquidacion-prestadores?${QUERY}`);
  await expect(bodyRows(page)).toHaveCount(20);

  // one authorisation number: only the rows that contain it
  const nro = String(rows[0].nroautorizacion);
  const matching = rows.filter((r) => rowText(r).includes(nro));
  await expect(page.getByLabel("Filtrar")).toBeVisible();
  await page.getByLabel("Filtrar").fill(nro);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(new RegExp(`filtro=${nro}`));
  await expect(page).toHaveURL(/responsable=/);
  await expect(page.getByLabel("Filtrar")).toHaveValue(nro);
  await expect(bodyRows(page)).toHaveCount(Math.min(20, matching.length));
  for (const text of await bodyRows(page).allTextContents()) expect(text).toContain(nro);

  // a word in more than one page of rows (but not all): paging through the filtered rows keeps the filter
  const words = [
    ...new Set(
      rows.flatMap((r) =>
        [r.modalidad, r.estadoambint, r.practica, r.matmedefector].map((v) => String(v ?? "").trim()),
      ),
    ),
  ].filter((w) => /^[\p{L}\d]+$/u.test(w));
  const word = words.find((w) => {
    const n = rows.filter((r) => rowText(r).includes(w.toUpperCase())).length;
    return n > 20 && n < rows.length;
  });
  expect(word, "a word that matches more than a page of rows but not all of them").toBeTruthy();
  const count = rows.filter((r) => rowText(r).includes(word!.toUpperCase())).length;
  await page.getByLabel("Filtrar").fill(word!.toLowerCase());
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(pager(page)).toContainText(`Total: ${count}`);
  await expect(bodyRows(page)).toHaveCount(20);
  await pager(page).getByRole("link", { name: "Siguiente" }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page).toHaveURL(new RegExp(`filtro=${word!.toLowerCase()}`));
  await expect(pager(page).getByText(`2 de ${Math.ceil(count / 20)}`)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(Math.min(20, count - 20));
  await expect(page.getByLabel("Filtrar")).toHaveValue(word!.toLowerCase());

  // emptied: every row again
  await page.getByLabel("Filtrar").fill("");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(pager(page)).toContainText(`Total: ${rows.length}`);
  await expect(page).not.toHaveURL(/page=/);
});

test("no responsable: its message once, by the field, and no general alert (issue 28)", async ({ page, signIn }) => {
  await signIn(page, ADMIN);
  await page.goto("/liquidacion-prestadores");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/responsable=(&|$)/);
  await expect(page.getByText("Debe seleccionar un responsable")).toHaveCount(1);
  await expect(page.getByLabel("Responsable")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Error al obtener información")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
