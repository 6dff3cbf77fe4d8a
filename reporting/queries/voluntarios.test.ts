// The voluntary affiliates query on a hand-built snapshot: who is voluntary, the estado filter on the status edges,
// the search (accents, DNI, affiliate number, % and _ literal, SQL-looking text bound), the order, the holder
// columns, paging and the batched variant.
import { afterAll, beforeAll, expect, test } from "vitest";
import { useTestDatabase, type TestDb } from "~tests/support/db";
import { HOY, IDS, seedVoluntarios } from "~tests/support/voluntarios-snapshot";
import { withSnapshot, type SnapshotReader } from "~reporting/index";
import {
  voluntariosBatches,
  voluntariosCount,
  voluntariosList,
  voluntariosRows,
  type VoluntariosFilter,
} from "./voluntarios";

let t: TestDb;

beforeAll(async () => {
  t = await useTestDatabase({ users: false });
  await seedVoluntarios();
}, 120_000);

afterAll(async () => {
  await t?.cleanup();
});

const f = (estado: VoluntariosFilter["estado"], search?: string): VoluntariosFilter => ({ estado, search, hoy: HOY });
const ids = (...keys: string[]) => keys.map((k) => IDS[k]);
async function listed(reader: SnapshotReader, filter: VoluntariosFilter): Promise<number[]> {
  return (await voluntariosList(reader, filter)).map((r) => r.idafifam);
}

test("every voluntary affiliate (holders and family members), none other, by name with accents ignored", async () => {
  await withSnapshot(async (reader) => {
    expect(await listed(reader, f("TODOS"))).toEqual(ids("jose", "maria", "luis", "pedro", "ana"));
    expect(await voluntariosCount(reader, f("TODOS"))).toBe(5);
    const [jose] = await voluntariosList(reader, f("TODOS"));
    expect(jose).toEqual({
      idafifam: IDS.jose,
      apeynomfam: "ÁLVAREZ, JOSÉ",
      dnifam: "30111222",
      nroafifam: "21-300001-00",
      estado: "ACTIVO",
      clasificacion: "VOLUNTARIO",
    });
  });
});

test("estado: an expiry of today and the sentinel are ACTIVO; yesterday's expiry and a leaver INACTIVO", async () => {
  await withSnapshot(async (reader) => {
    expect(await listed(reader, f("ACTIVO"))).toEqual(ids("jose", "pedro", "ana"));
    expect(await listed(reader, f("INACTIVO"))).toEqual(ids("maria", "luis"));
    expect(await voluntariosCount(reader, f("ACTIVO"))).toBe(3);
    expect(await voluntariosCount(reader, f("INACTIVO"))).toBe(2);
    // the day after, the member whose affiliation expires today is inactive
    expect(await listed(reader, { ...f("ACTIVO"), hoy: "2026-11-25" })).toEqual(ids("jose", "pedro"));
  });
});

test("search: name without accents or case, DNI, affiliate number; % _ literal; SQL-looking text is only text", async () => {
  await withSnapshot(async (reader) => {
    expect(await listed(reader, f("TODOS", "alvarez"))).toEqual(ids("jose", "maria"));
    expect(await listed(reader, f("TODOS", "ÁLVAREZ"))).toEqual(ids("jose", "maria"));
    expect(await listed(reader, f("TODOS", "nunez"))).toEqual(ids("pedro"));
    expect(await listed(reader, f("TODOS", "Núñez"))).toEqual(ids("pedro"));
    expect(await listed(reader, f("TODOS", "30111333"))).toEqual(ids("maria"));
    expect(await listed(reader, f("TODOS", "21-300001"))).toEqual(ids("jose", "maria"));
    expect(await listed(reader, f("INACTIVO", "alvarez"))).toEqual(ids("maria"));
    expect(await listed(reader, f("TODOS", "%"))).toEqual(ids("ana"));
    expect(await listed(reader, f("TODOS", "_"))).toEqual(ids("ana"));
    expect(await listed(reader, f("TODOS", "Z_1"))).toEqual(ids("ana"));
    expect(await listed(reader, f("TODOS", "a%z"))).toEqual([]);
    expect(await listed(reader, f("TODOS", "\\"))).toEqual([]);
    expect(await listed(reader, f("TODOS", "' OR 1=1 --"))).toEqual([]);
    expect(await listed(reader, f("TODOS", "'; DROP TABLE afiliados; --"))).toEqual([]);
    expect(await voluntariosCount(reader, f("TODOS", "alvarez"))).toBe(2);
    expect(await listed(reader, f("TODOS", "   "))).toHaveLength(5);
  });
});

test("full rows: the family member's fields, the leave date and reason only for leavers, the group's holder", async () => {
  await withSnapshot(async (reader) => {
    const rows = await voluntariosRows(reader, f("TODOS"));
    const maria = rows.find((r) => r.idafifam === IDS.maria)!;
    expect(maria).toEqual({
      idafifam: IDS.maria,
      apeynomfam: "ALVAREZ, MARÍA",
      nroafifam: "21-300001-01",
      dnifam: "30111333",
      cuil_prefijo: "27",
      cuil_nrocentral: "30111333",
      cuil_dtoverific: "7",
      estado: "INACTIVO",
      clasificacion: "VOLUNTARIO",
      sexo: "F",
      fechabaja: "2025-05-01",
      motivobaja: "FALTA DE PAGO (PRUEBA)",
      idafitit: IDS.jose,
      apeynomtit: "ÁLVAREZ, JOSÉ",
      dnitit: "30111222",
      tit_cuil_prefijo: "20",
      tit_cuil_nrocentral: "30111222",
      tit_cuil_dtoverific: "0",
      categoriatit: "VOLUNTARIO GRUPO FAMILIAR",
    });
    const luis = rows.find((r) => r.idafifam === IDS.luis)!;
    // expired, not left: no leave date (the sentinel reads empty) and no reason; a holder is its own holder
    expect(luis).toMatchObject({ estado: "INACTIVO", fechabaja: null, motivobaja: null, idafitit: IDS.luis });
    expect(luis.categoriatit).toBe("VOLUNTARIO INDIVIDUAL");
  });
});

test("a page of the list, and the batches give the same rows in the same order", async () => {
  await withSnapshot(async (reader) => {
    expect((await voluntariosList(reader, f("TODOS"), { page: 1, size: 2 })).map((r) => r.idafifam)).toEqual(
      ids("luis", "pedro"),
    );
    expect(await voluntariosList(reader, f("TODOS"), { page: 9, size: 2 })).toEqual([]);
    const seen: number[] = [];
    for await (const batch of voluntariosBatches(reader, f("TODOS"), 2)) seen.push(...batch.map((r) => r.idafifam));
    expect(seen).toEqual(ids("jose", "maria", "luis", "pedro", "ana"));
  });
});
