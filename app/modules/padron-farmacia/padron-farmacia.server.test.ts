// The generator module on a snapshot of a real test database: generate (audited), the list, the download (cp1252
// bytes, headers, naming rule) and the API's streamed JSON, which parses back to the file's text.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { adminActor, sqlRows, useTestDatabase, type TestDb } from "~tests/support/db";
import { closeAllReaders, refreshSnapshot } from "~reporting/index";
import type { SessionUser } from "~/auth/guards.server";
import { descargarArchivo, generarPadron, listPadrones, padronJsonResponse } from "./padron-farmacia.server";

let t: TestDb;
let user: SessionUser;
let dir: string;

beforeAll(async () => {
  t = await useTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "osep-test-padron-farmacia-"));
  process.env.ROSTER_DIR = dir;
  user = await adminActor();
  await sqlRows(
    `insert into afiliados (apeynom, numdoc, nroafi, grupo, nromedio, nroparentesco, descparentesco, fechbaja)
     values ('MUÑOZ ÁNGEL', '31000001', '0131000001', '01', '1', '00', 'TITULAR', '0001-01-01'),
            ('NÚÑEZ SOFÍA', '31000002', '0131000002', '01', '2', '00', 'TITULAR', '0001-01-01')`,
  );
}, 120_000);

afterAll(async () => {
  delete process.env.ROSTER_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.cleanup();
});

test("no snapshot yet: 503 with the store's message", async () => {
  closeAllReaders();
  const r = await generarPadron(user, "activos", "pantalla");
  expect(r).toMatchObject({ ok: false, status: 503 });
  if (!r.ok) expect(r.msg).toMatch(/todavía no están disponibles/);
});

test("generate: the file, its count, urls and the audit entry; the list shows it", async () => {
  await refreshSnapshot();
  const r = await generarPadron(user, "activos", "api");
  if (!r.ok) throw new Error(r.msg);
  expect(r.archivo).toMatchObject({ padron: "activos", registros: 2, nombre_padron: "Activos" });
  expect(r.archivo.archivo).toMatch(/^4082C\d{12}\.txt$/);
  expect(r.archivo.url).toBe(`/padron_farmacia/archivos/${r.archivo.archivo}`);
  expect(r.archivo.reg_url).toBe(`/padron_farmacia/archivos/Reg_${r.archivo.archivo}`);
  expect(r.archivo.fecha_ar).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  const [entry] = await sqlRows<{ accion: string; entidad_id: string; detalle: Record<string, unknown> }>(
    "select accion, entidad_id, detalle from audit_log where accion = 'padron_farmacia.generar' order by id desc limit 1",
  );
  expect(entry).toEqual({
    accion: "padron_farmacia.generar",
    entidad_id: r.archivo.archivo,
    detalle: { padron: "activos", registros: 2, via: "api" },
  });
  expect((await listPadrones()).map((a) => a.archivo)).toEqual([r.archivo.archivo]);
});

test("download: cp1252 bytes as an attachment; names outside the rule are null", async () => {
  const [a] = await listPadrones();
  const res = await descargarArchivo(user, a.archivo, "pantalla");
  expect(res).not.toBeNull();
  expect(res!.headers.get("Content-Type")).toBe("text/plain; charset=windows-1252");
  expect(res!.headers.get("Content-Disposition")).toBe(`attachment; filename=${a.archivo}`);
  const bytes = Buffer.from(await res!.arrayBuffer());
  expect(bytes.equals(fs.readFileSync(path.join(dir, a.archivo)))).toBe(true);
  expect(bytes.includes(Buffer.from([0x4d, 0x55, 0xd1, 0x4f, 0x5a, 0x20, 0xc1]))).toBe(true); // 'MUÑOZ Á'
  const reg = await descargarArchivo(user, a.reg, "pantalla");
  expect(await reg!.text()).toBe("2\r\n");
  for (const bad of ["../current.json", "4082C202611240300.txt", "x".repeat(5000), "%2e%2e%2fetc"])
    expect(await descargarArchivo(user, bad, "pantalla")).toBeNull();
  const audited = await sqlRows<{ n: number }>(
    "select count(*)::int as n from audit_log where accion = 'padron_farmacia.descargar'",
  );
  expect(audited[0].n).toBe(2);
});

test("the API JSON is streamed and parses back to the file's text and count", async () => {
  const [a] = await listPadrones();
  const res = await padronJsonResponse(a);
  expect(res.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  const body = (await res.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ length: 2, padron: "activos", file_name: a.archivo, url: a.url, reg_url: a.reg_url });
  expect(body.file).toBe(
    "31000001;0131000001;;MUÑOZ ÁNGEL;;;01;00;1;40\r\n31000002;0131000002;;NÚÑEZ SOFÍA;;;01;00;1;40\r\n",
  );
});
