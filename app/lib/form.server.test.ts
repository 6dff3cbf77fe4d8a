// parseForm (issue 26 item 5): a form whose shape is not its schema's — one value where the form has a list of rows,
// rows or an object where it has one value, a repeated name, a huge row index, conform's own intents turning a list
// into a value — is answered as a form error at that field, and the reply it makes never carries the wrong shape
// (the screen renders it: conform's getFieldList throws on a list field that is not a list). The real schemas of
// the CAPA and oncology forms, and of the profiles' transfer lists (a list of values that may come as one value).
import { describe, expect, test } from "vitest";
import { z } from "~/lib/zod";
import { CapaSchema, MSG_INTEGRANTES } from "~/modules/capa/capa.schema";
import { FichaSchema } from "~/modules/oncologia/fichas.schema";
import { TransferenciaSchema } from "~/modules/perfiles/perfiles.schema";
import { MAX_FORM_ROWS, MSG_FORMULARIO_INVALIDO, formShapeProblems, parseForm, replyWithFailure } from "./form.server";

/** A FormData as Remix reads a urlencoded body. */
function fromBody(body: string): FormData {
  const fd = new FormData();
  for (const [k, v] of new URLSearchParams(body)) fd.append(k, v);
  return fd;
}

type Reply = {
  status?: string;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};
const replyOf = (s: { reply: () => unknown }) => s.reply() as Reply;

/** What conform's getFieldList needs of a list field in the reply the screen renders: a list, or nothing. */
const renderable = (reply: Reply, list: string) => {
  const v = reply.initialValue?.[list];
  return v === undefined || Array.isArray(v);
};

const CAPA = "intent=guardar&afi_dni=23652168&fecha_positivo=2026-11-01&afi_telefono=3834123456";

describe("a list field given something else", () => {
  test.each([
    ["one value", "integrantes=x"],
    ["an object", "integrantes.afi_dni_integrante=1"],
    ["an object with an index-like key", "integrantes.0=1"],
  ])("CAPA integrantes: %s → the list's message at the field, no such value in the reply", (_name, extra) => {
    const s = parseForm(fromBody(`${CAPA}&${extra}`), { schema: CapaSchema });
    expect(s.status).toBe("error");
    const reply = replyOf(s);
    expect(reply.error?.integrantes).toEqual([MSG_INTEGRANTES]);
    expect(renderable(reply, "integrantes")).toBe(true);
    expect(reply.initialValue?.afi_dni).toBe("23652168"); // the rest of the form is kept
  });

  test("Nueva Ficha monodrogas=x → 'Las drogas deben ser una lista'", () => {
    const s = parseForm(fromBody("fecha=2026-11-01&monodrogas=x"), { schema: FichaSchema });
    const reply = replyOf(s);
    expect(s.status).toBe("error");
    expect(reply.error?.monodrogas).toEqual(["Las drogas deben ser una lista"]);
    expect(renderable(reply, "monodrogas")).toBe(true);
  });

  test("a row that is one value where the list holds rows (monodrogas[0]=x)", () => {
    const reply = replyOf(parseForm(fromBody("monodrogas[0]=x"), { schema: FichaSchema }));
    expect(reply.status).toBe("error");
    expect(Object.keys(reply.error ?? {})).toEqual(["monodrogas[0]"]);
    expect(reply.initialValue?.monodrogas).toBeUndefined();
  });

  test("a row index of 99 999 999 is refused at once with the list's maximum, and the reply stays small", () => {
    const started = performance.now();
    const s = parseForm(fromBody("monodrogas[99999999].droga=x&fecha=2026-11-01"), { schema: FichaSchema });
    const reply = replyOf(s);
    expect(reply.error?.monodrogas).toEqual(["Máximo 30 drogas"]);
    expect(JSON.stringify(reply).length).toBeLessThan(2000);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("a name the schema does not know, with a huge index, is dropped too (the reply would spell it out)", () => {
    const reply = replyOf(parseForm(fromBody(`${CAPA}&zzz[5000000]=x`), { schema: CapaSchema }));
    expect(reply.status).toBe("error");
    expect(reply.error?.zzz).toEqual([MSG_FORMULARIO_INVALIDO]);
    expect(JSON.stringify(reply).length).toBeLessThan(2000);
  });
});

describe("a one-value field given a list or an object", () => {
  test.each([
    ["a repeated name", "afi_dni=1&afi_dni=2"],
    ["rows", "afi_dni[0].x=1"],
    ["a list", "afi_dni[0]=1"],
    ["an object", "afi_dni.x=1"],
  ])("%s → an error at that field, the value dropped", (_name, body) => {
    const s = parseForm(fromBody(`${body}&afi_telefono=3834123456`), { schema: CapaSchema });
    const reply = replyOf(s);
    expect(s.status).toBe("error");
    expect(reply.error?.afi_dni?.length).toBe(1);
    expect(reply.initialValue?.afi_dni).toBeUndefined();
    expect(reply.initialValue?.afi_telefono).toBe("3834123456");
  });

  test("a field inside a row given an object (integrantes[0].afi_dni_integrante.x)", () => {
    const reply = replyOf(
      parseForm(fromBody("integrantes[0].afi_dni_integrante.x=1&integrantes[0].afi_nombre_integrante=ANA"), {
        schema: CapaSchema,
      }),
    );
    expect(Object.keys(reply.error ?? {})).toEqual(["integrantes[0].afi_dni_integrante"]);
    expect(reply.initialValue?.integrantes).toEqual([{ afi_nombre_integrante: "ANA" }]);
  });
});

describe("what a browser sends passes untouched", () => {
  test("rows of the list, a missing field: the schema's own errors, as parseWithZod gives them", () => {
    const s = parseForm(fromBody("integrantes[0].afi_dni_integrante=1000003&integrantes[1].afi_dni_integrante="), {
      schema: CapaSchema,
    });
    expect(s.status).toBe("error");
    expect(Object.keys(replyOf(s).error ?? {})).not.toContain("integrantes");
    expect(formShapeProblems(s.payload, CapaSchema)).toEqual([]);
  });

  test("a multiple select: one option chosen is one value, several a repeated name", () => {
    for (const body of [
      "usPerfilId=2&mover=agregar&disponibles=14",
      "usPerfilId=2&mover=agregar&disponibles=14&disponibles=15",
    ]) {
      const s = parseForm(fromBody(body), { schema: TransferenciaSchema });
      expect(s.status, body).toBe("success");
    }
  });

  test("conform's 'add a row' with the list full: the schema's maximum, not a refusal", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `monodrogas[${i}].droga=D${i}`).join("&");
    const intent = encodeURIComponent(JSON.stringify({ type: "insert", payload: { name: "monodrogas" } }));
    const s = parseForm(fromBody(`${rows}&__intent__=${intent}`), { schema: FichaSchema });
    expect((s.payload.monodrogas as unknown[]).length).toBe(31);
    expect(formShapeProblems(s.payload, FichaSchema)).toEqual([]);
  });

  test(`a list without a maximum takes ${MAX_FORM_ROWS} rows`, () => {
    const schema = z.object({ a: z.array(z.object({ b: z.string() })) });
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `a[${i}].b=x`).join("&");
    expect(parseForm(fromBody(rows(MAX_FORM_ROWS)), { schema }).status).toBe("success");
    expect(parseForm(fromBody(rows(MAX_FORM_ROWS + 2)), { schema }).status).toBe("error");
  });
});

describe("conform's own fields", () => {
  test("an intent that makes the list one value is dropped with it", () => {
    const intent = encodeURIComponent(JSON.stringify({ type: "update", payload: { name: "monodrogas", value: "x" } }));
    const reply = replyOf(parseForm(fromBody(`fecha=2026-11-01&__intent__=${intent}`), { schema: FichaSchema }));
    expect(reply.status).toBe("error");
    expect(renderable(reply, "monodrogas")).toBe(true);
  });

  test.each([
    ["__state__ not JSON", "__state__=x"],
    ["__intent__ not JSON", "__intent__=x"],
  ])("%s → 400 { msg } (conform cannot read the form)", async (_name, body) => {
    let thrown: unknown;
    try {
      parseForm(fromBody(body), { schema: CapaSchema });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ msg: MSG_FORMULARIO_INVALIDO });
  });
});

describe("replyWithFailure: a module's refusal as the form's reply (ADR 080)", () => {
  const schema = z.object({
    dni: z.string(),
    integrantes: z.array(z.object({ dni: z.string() })),
    version: z.string(),
  });
  const submission = () => parseForm(fromBody("dni=1&integrantes[0].dni=2&version=3&password=x"), { schema });
  const errorsOf = (r: unknown) => (r as Reply).error;

  test("field errors under their fields (by conform's name), the message next to the form only without them", () => {
    const failure = { msg: "m", code: "invalid" as const, errors: [{ param: "integrantes.0.dni", msg: "e" }] };
    expect(errorsOf(replyWithFailure(submission(), failure))).toEqual({ "integrantes[0].dni": ["e"] });
    expect(errorsOf(replyWithFailure(submission(), { msg: "m", code: "not-found" }))).toEqual({ "": ["m"] });
    expect(errorsOf(replyWithFailure(submission(), { msg: "m", code: "not-found" }, { formMessage: false }))).toBe(
      undefined,
    );
  });

  test("with `fields`, only those fields' errors; the message when none of them has one", () => {
    const failure = { msg: "m", code: "forbidden" as const, errors: [{ param: "usPerfilId", msg: "e" }] };
    expect(errorsOf(replyWithFailure(submission(), failure, { fields: ["dni"] }))).toEqual({ "": ["m"] });
    expect(errorsOf(replyWithFailure(submission(), failure, { fields: ["usPerfilId"] }))).toEqual({
      usPerfilId: ["e"],
    });
  });

  test("a stale write is the form's (ADR 047), even where the screen shows the message itself", () => {
    const stale = { msg: "viejo", code: "stale" as const, errors: [{ param: "version", msg: "viejo" }] };
    for (const formMessage of [true, false]) {
      expect(errorsOf(replyWithFailure(submission(), stale, { formMessage }))).toEqual({ "": ["viejo"] });
    }
  });

  test("hidden fields are not sent back", () => {
    const r = replyWithFailure(submission(), { msg: "m", code: "invalid" }, { hideFields: ["password"] }) as Reply;
    expect(r.initialValue).not.toHaveProperty("password");
    expect(r.initialValue).toHaveProperty("dni", "1");
  });
});
