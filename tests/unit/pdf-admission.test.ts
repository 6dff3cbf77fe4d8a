// Issue 35, item 4 (docs/decisions/061-pdf-admission.md), against the real database and the shared Chromium: a
// pre-settlement with more rows than a PDF prints within the renderer's time is refused 422 before Chromium is asked
// (the route, with the product's PRELIQUIDACION_PDF_MAX_ROWS), pointing to the Excel (CSV), and its scheduled run
// fails with the same Spanish reason; a third PDF of a user while two print is 429 with Retry-After (both lanes
// together); the report lane's queue is bounded (429 with Retry-After), and a status certificate still prints while
// that lane is full.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { refreshSnapshot } from "~reporting/index";
import { pdfBrowserState } from "~reporting/render/pdf";
import {
  admitPdf,
  MSG_PDF_COLA_LLENA,
  MSG_PDF_POR_PERSONA,
  PDF_LANE_QUEUE,
  PDF_LANE_SLOTS,
  PDF_RETRY_AFTER_S,
  pdfAdmissionState,
  type PdfRequester,
} from "~reporting/render/pdf-admission";
import { requestContext } from "~/lib/request-context.server";
import { msgPreliquidacionPdfDemasiadasFilas, PRELIQUIDACION_PDF_MAX_ROWS } from "~/modules/prestadores/rules";
import { crearProgramacion } from "~/modules/reportes-programados/programaciones.server";
import { runProgramacion } from "~/modules/reportes-programados/run.server";
import { loader as preliquidacionPdfRoute } from "~/routes/liquidacion-prestadores.report[.pdf]";
import { loader as capaPdfRoute } from "~/routes/listado-capa.report[.pdf]";
import { loader as fichasPdfRoute } from "~/routes/buscar-ficha.report[.pdf]";
import { loader as constanciaRoute } from "~/routes/consultar-padron.$idafi.constancia";
import { apiToken, TEST_REQUEST_CONTEXT, type RouteHandler } from "~tests/support/api";
import { adminActor, sqlOne, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { restorePdfBrowserAfterEach } from "~tests/support/pdf-browser";
import { addTurnosMembers, userId } from "~tests/support/turnos-fixture";

restorePdfBrowserAfterEach();

/** The busiest responsable of the fixture: one row more than a PDF prints, all in March 2025. */
const GRANDE = { nombre: "PRESTADOR GRANDE S.A.", cuit: "30-55555556-3" };
const FILAS = PRELIQUIDACION_PDF_MAX_ROWS + 1;
const MARZO = "fecha_desde=2025-03-01&fecha_hasta=2025-03-31";
const CAPA = "/listado-capa/report.pdf?fecha_desde=2025-03-01&fecha_hasta=2025-03-31";

let t: TestDb;
let token: string;
let adminId: number;
let idafi: number;

beforeAll(async () => {
  t = await useTestDatabase();
  token = await apiToken(t, "admin");
  adminId = await userId("admin");
  idafi = Object.values(await addTurnosMembers())[0];
  await sqlRows("insert into responsables (nombre, cuit) values ($1, $2)", [GRANDE.nombre, GRANDE.cuit]);
  await sqlRows(
    `insert into autorizaciones (nroautorizacion, practica, descpractica, autorizo, modalidad, fecha, cantidad,
       cuit_responsable, responsable, codigo_efector, montoauthonorario, anulado)
     select 800000 + i, '420101', 'CONSULTA MEDICA', 'AUTORIZADA', 'CONSUMO', date '2025-03-01' + (i % 31), 1, $1, $2,
       'E0001', '100.00', false
     from generate_series(1, $3::int) as i`,
    [GRANDE.cuit, GRANDE.nombre, FILAS],
  );
  await refreshSnapshot();
}, 180_000);

afterAll(async () => {
  await t?.cleanup();
});

/** A route's answer to GET `path` for the admin's API token (a thrown Response is the answer too). */
async function get(handler: RouteHandler, path: string, params: Record<string, string> = {}): Promise<Response> {
  const request = new Request(`http://localhost${path}`, { headers: { "x-auth-token": token } });
  try {
    return (await requestContext.run({ ...TEST_REQUEST_CONTEXT }, () =>
      handler({ request, params, context: {} }),
    )) as Response;
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

/** Admissions a test holds, as PDFs in print or waiting would: released after it, in order. */
let held: Promise<() => void>[] = [];
const hold = (who: PdfRequester) => {
  const p = admitPdf(who, "report");
  held.push(p);
  return p;
};
afterEach(async () => {
  for (const p of held) (await p)();
  held = [];
  expect(pdfAdmissionState().report).toEqual({ printing: 0, waiting: 0 });
});

const person = (key: string): PdfRequester => ({ kind: "person", key });

describe("a PDF that cannot finish is refused before it starts", () => {
  test("the pre-settlement above PRELIQUIDACION_PDF_MAX_ROWS: 422 pointing to the Excel (CSV), Chromium not asked", async () => {
    const launches = pdfBrowserState().launches;
    const audits = await sqlOne("select count(*) from audit_log where accion = 'liquidacion.exportar'");
    const res = await get(
      preliquidacionPdfRoute,
      `/liquidacion-prestadores/report.pdf?${MARZO}&responsable=${GRANDE.cuit}`,
    );
    expect(res.status).toBe(422);
    const { msg } = (await res.json()) as { msg: string };
    expect(msg).toBe(msgPreliquidacionPdfDemasiadasFilas(FILAS));
    expect(msg).toContain("10.001 autorizaciones y el PDF admite hasta 10.000");
    expect(msg).toContain("Excel (archivo CSV)");
    expect(pdfBrowserState()).toMatchObject({ launches, state: "idle" });
    expect(await sqlOne("select count(*) from audit_log where accion = 'liquidacion.exportar'")).toBe(audits);
  });

  test("its scheduled run fails with the same Spanish reason and writes no file", async () => {
    const r = await crearProgramacion(
      {
        reporte: "preliquidacion",
        responsable: GRANDE.cuit,
        periodo: "mes-anterior",
        formato: "pdf",
        cron: "0 6 * * *",
      },
      await adminActor(),
    );
    if (!r.ok) throw new Error(r.msg);
    const outcome = await runProgramacion(r.programacion.id, { now: new Date("2025-04-10T12:00:00Z") });
    expect(outcome).toEqual({ ok: false, error: expect.stringContaining(msgPreliquidacionPdfDemasiadasFilas(FILAS)) });
    expect(await sqlOne("select count(*) from reportes_archivos")).toBe(0);
  });
});

describe("one user cannot hold the printer", () => {
  test("a third PDF of a user while two print: 429 with Retry-After, the certificate included; one ends, it prints", async () => {
    const [first] = [await hold(person(`user:${adminId}`)), await hold(person(`user:${adminId}`))];
    const refused = await get(capaPdfRoute, CAPA);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(PDF_RETRY_AFTER_S.report));
    expect(await refused.json()).toEqual({ msg: MSG_PDF_POR_PERSONA });
    const certificate = await get(constanciaRoute, `/consultar-padron/${idafi}/constancia`, { idafi: String(idafi) });
    expect(certificate.status).toBe(429);
    expect(certificate.headers.get("Retry-After")).toBe(String(PDF_RETRY_AFTER_S.report));
    // another user prints meanwhile (the lane has room): only the admin is held
    first();
    const ok = await get(capaPdfRoute, CAPA);
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
  }, 60_000);

  test("the report lane's queue is bounded (429 with Retry-After); a status certificate prints while it is full", async () => {
    for (let i = 0; i < PDF_LANE_SLOTS.report + PDF_LANE_QUEUE.report; i++) void hold(person(`user:otro-${i}`));
    expect(pdfAdmissionState().report).toEqual({
      printing: PDF_LANE_SLOTS.report,
      waiting: PDF_LANE_QUEUE.report,
    });
    const refused = await get(fichasPdfRoute, "/buscar-ficha/report.pdf");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(PDF_RETRY_AFTER_S.report));
    expect(await refused.json()).toEqual({ msg: MSG_PDF_COLA_LLENA });
    const certificate = await get(constanciaRoute, `/consultar-padron/${idafi}/constancia`, { idafi: String(idafi) });
    expect(certificate.status, await certificate.clone().text()).toBe(200);
    expect(certificate.headers.get("Content-Type")).toBe("application/pdf");
  }, 60_000);
});
