// Reading a screen's form. Every screen action reads its conform form with `parseForm`, never with `parseWithZod`
// directly. conform builds the payload from the fields' names (`a[0].b` makes a list of rows, `a.b` an object, a
// repeated name a list) and echoes it back in its reply, which the screen then renders. A payload whose shape is not
// the schema's — one value where the form has a list of rows (`integrantes=x`), rows or an object where it has one
// value (`afi_dni[0].x`, `afi_dni.x`), a row index of 99 999 999 (a sparse list that the reply would spell out as
// hundreds of megabytes of nulls and the screen would render row by row) — made the render throw (500) or the server
// stall. No browser sends such a form: parseForm answers it as a form with an error at that field (400 from the
// action, the screen renders with the schema's own message for the field), dropping the offending entries so the
// reply can never carry them; a form conform itself cannot read (its reserved `__intent__`/`__state__` not JSON) is
// refused with 400 (the screen's error page). See docs/decisions/024-request-gate.md.
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "~/lib/zod";
import type { Failure } from "~db/transaction";
import { apiError } from "./http.server";
import { esVersionVieja } from "./version.server";

export const MSG_FORMULARIO_INVALIDO =
  "El formulario enviado no es válido: vuelva a cargar la página e intente de nuevo";

/** The most rows a list may have when its schema sets no maximum (and any list the schema does not name). */
export const MAX_FORM_ROWS = 100;

export type FormSubmission<S extends z.ZodType> = Submission<z.input<S>, string[], z.output<S>>;

// ---- The shape a schema expects ----------------------------------------------------------------------------------

type Def = { type: string; [k: string]: unknown };
type Schema = { _zod: { def: Def } };

/** One value (text, number, date, enum, checkbox), a list, an object, or anything (not checked). */
type Shape =
  | { kind: "any" }
  | { kind: "value"; schema: Schema }
  | { kind: "list"; of: Shape; max: number; schema: Schema; maxSchema: Schema | null }
  | { kind: "object"; fields: Record<string, Shape>; schema: Schema };

const VALUE_TYPES = new Set([
  "string",
  "number",
  "int",
  "boolean",
  "bigint",
  "date",
  "enum",
  "literal",
  "file",
  "nan",
  "template_literal",
  "null",
  "undefined",
]);
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly", "nonoptional"]);
const ANY: Shape = { kind: "any" };
const shapes = new WeakMap<object, Shape>();

function shapeOf(schema: Schema, depth = 0): Shape {
  const known = shapes.get(schema);
  if (known) return known;
  const def = schema._zod.def;
  let shape: Shape = ANY;
  if (depth > 20) shape = ANY;
  else if (WRAPPERS.has(def.type)) shape = shapeOf(def.innerType as Schema, depth + 1);
  else if (def.type === "pipe") {
    // z.preprocess(f, X) and x.transform(f) are pipes: the side that is not a transform says what the form holds
    const [input, output] = [def.in as Schema, def.out as Schema];
    shape = shapeOf(input._zod.def.type === "transform" ? output : input, depth + 1);
  } else if (def.type === "lazy") shape = shapeOf((def.getter as () => Schema)(), depth + 1);
  else if (VALUE_TYPES.has(def.type)) shape = { kind: "value", schema };
  else if (def.type === "union") {
    const options = (def.options as Schema[]).map((o) => shapeOf(o, depth + 1));
    shape = options.every((o) => o.kind === "value") ? { kind: "value", schema } : ANY;
  } else if (def.type === "array") {
    const checks = (def.checks ?? []) as Schema[];
    const maxCheck = checks.find((c) => c._zod.def.check === "max_length") ?? null;
    const max = maxCheck ? Number(maxCheck._zod.def.maximum) : MAX_FORM_ROWS;
    shape = { kind: "list", of: shapeOf(def.element as Schema, depth + 1), max, schema, maxSchema: maxCheck };
  } else if (def.type === "object") {
    const fields: Record<string, Shape> = {};
    for (const [k, v] of Object.entries(def.shape as Record<string, Schema>)) fields[k] = shapeOf(v, depth + 1);
    shape = { kind: "object", fields, schema };
  }
  shapes.set(schema, shape);
  return shape;
}

/** The schema's own message for `issue` (its `error` option), or the generic one. */
function messageOf(schema: Schema | null, issue: Record<string, unknown>): string {
  const error = schema?._zod.def.error;
  if (typeof error === "function") {
    try {
      const out = (error as (i: unknown) => unknown)(issue);
      if (typeof out === "string" && out) return out;
      if (out && typeof out === "object" && typeof (out as { message?: unknown }).message === "string")
        return (out as { message: string }).message;
    } catch {
      // an error map that does not expect this issue: the generic message
    }
  }
  return MSG_FORMULARIO_INVALIDO;
}

// ---- Checking a payload against it -------------------------------------------------------------------------------

type Path = (string | number)[];
type Problem = { path: Path; msg: string };

const isValue = (v: unknown) => typeof v === "string" || v instanceof Blob;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Blob);

function check(value: unknown, shape: Shape, path: Path, out: Problem[]): void {
  if (value === undefined || value === null) return; // a missing field is the schema's to judge
  const wrong = (schema: Schema | null, expected: string) =>
    out.push({ path, msg: messageOf(schema, { code: "invalid_type", expected, input: value, path }) });
  switch (shape.kind) {
    case "value":
      if (!isValue(value)) wrong(shape.schema, shape.schema._zod.def.type);
      return;
    case "list":
      if (isValue(value)) {
        // a multiple select with one option chosen sends one value: a list of values may arrive as one
        if (shape.of.kind !== "value" && shape.of.kind !== "any") wrong(shape.schema, "array");
        return;
      }
      if (!Array.isArray(value)) return void wrong(shape.schema, "array");
      // one over the maximum: conform's 'add a row' intent may have just added it (the schema then says so)
      if (value.length > shape.max + 1) {
        const issue = { code: "too_big", origin: "array", maximum: shape.max, input: value, path };
        return void out.push({ path, msg: messageOf(shape.maxSchema, issue) });
      }
      for (let i = 0; i < value.length; i++) check(value[i], shape.of, [...path, i], out);
      return;
    case "object":
      if (!isObject(value)) return void wrong(shape.schema, "object");
      for (const [k, v] of Object.entries(value)) check(v, shape.fields[k] ?? ANY, [...path, k], out);
      return;
    case "any":
      // names the schema does not know are not read, but the reply echoes them: a huge list would be spelt out
      if (Array.isArray(value)) {
        if (value.length > MAX_FORM_ROWS) return void out.push({ path, msg: MSG_FORMULARIO_INVALIDO });
        for (let i = 0; i < value.length; i++) check(value[i], ANY, [...path, i], out);
      } else if (isObject(value)) {
        for (const [k, v] of Object.entries(value)) check(v, ANY, [...path, k], out);
      }
  }
}

/** The shape problems of a form's payload (conform's, after its intent) against `schema`; [] when it fits. */
export function formShapeProblems(payload: unknown, schema: z.ZodType): Problem[] {
  const out: Problem[] = [];
  check(payload, shapeOf(schema as unknown as Schema), [], out);
  return out;
}

// ---- Reading the form --------------------------------------------------------------------------------------------

const NAME_TOKEN = /([^.[\]]+)|\[(\d*)\]/g;

/** A field name's path as conform reads it ('a[0].b' → ['a', 0, 'b']; 'a[]' → ['a', '']), null when it cannot. */
function pathOf(name: string): (string | number)[] | null {
  const out: (string | number)[] = [];
  let last = 0;
  for (const m of name.matchAll(NAME_TOKEN)) {
    if (m.index !== last && !(m.index === last + 1 && name[last] === ".")) return null;
    out.push(m[1] ?? (m[2] === "" ? "" : Number(m[2])));
    last = m.index + m[0].length;
  }
  return last === name.length ? out : null;
}

/** Whether a field named by `name` lies at or under `path` ('[]', an appended row, may be any row). */
function under(name: string, path: Path): boolean {
  const segments = pathOf(name);
  if (!segments || segments.length < path.length) return false;
  return path.every((p, i) => segments[i] === p || segments[i] === "");
}

const conformPayload = (formData: FormData) => parseWithZod(formData, { schema: z.any() }).payload;

/**
 * parseWithZod for a screen's action (see the top of this file). A form whose shape is not the schema's comes back
 * as a submission with status 'error': the entries at the wrong places dropped from its payload (so from its reply)
 * and the schema's message for each such field as that field's error. A form conform cannot read is refused with
 * 400, thrown like a guard's refusal (the screen's error page).
 */
export function parseForm<S extends z.ZodType>(formData: FormData, options: { schema: S }): FormSubmission<S> {
  let payload: unknown;
  try {
    payload = conformPayload(formData);
  } catch {
    throw apiError(400, MSG_FORMULARIO_INVALIDO);
  }
  const problems = formShapeProblems(payload, options.schema);
  if (problems.length === 0) return parseWithZod(formData, options) as FormSubmission<S>;

  const kept = new FormData();
  for (const [name, value] of formData.entries()) {
    // conform's list and update intents may have made the wrong shape: the corrected form carries none
    if (name === "__intent__" || problems.some((p) => under(name, p.path))) continue;
    kept.append(name, value);
  }
  if (formShapeProblems(conformPayload(kept), options.schema).length > 0) {
    throw apiError(400, problems[0].msg);
  }
  const refused = z.any().superRefine((_, ctx) => {
    for (const p of problems) ctx.addIssue({ code: "custom", message: p.msg, path: p.path });
  });
  return parseWithZod(kept, { schema: refused }) as unknown as FormSubmission<S>;
}

// ---- Answering a refused write -----------------------------------------------------------------------------------

/** A module's param path as conform names the field ('integrantes.0.afi_dni_integrante' → 'integrantes[0]…'). */
const conformName = (param: string) => param.replace(/\.(\d+)(?=\.|$)/g, "[$1]");

type Replies = { reply: Submission<unknown>["reply"] };

/** What a form's reply needs of a refusal: its message, its field errors and its kind. */
export type Refusal = Pick<Failure, "msg" | "errors" | "code">;

/**
 * The form's reply to a module's refusal (a `Failure` of db/transaction.ts): every screen turns one into conform's
 * errors this way (issue 40, ADR 080).
 * - A stale write (code `stale`, ADR 047) is the form's, not a field's: its message next to the form, what was typed
 *   kept.
 * - Otherwise each field error goes under its field (by its conform name; with `fields`, only those fields: the
 *   others' are not on this form), and the message goes next to the form when no field shows an error, unless the
 *   screen shows it itself (`formMessage: false`: a dialog's message, a popup).
 * `hideFields`: fields whose values the reply does not send back (passwords).
 */
export function replyWithFailure(
  submission: Replies,
  failure: Refusal,
  options: { fields?: readonly string[]; formMessage?: boolean; hideFields?: string[] } = {},
): SubmissionResult<string[]> {
  const { fields, formMessage = true, hideFields } = options;
  if (esVersionVieja(failure)) return submission.reply({ formErrors: [failure.msg], hideFields });
  const fieldErrors: Record<string, string[]> = {};
  for (const e of failure.errors ?? []) {
    if (!fields || fields.includes(e.param)) (fieldErrors[conformName(e.param)] ??= []).push(e.msg);
  }
  const formErrors = formMessage && Object.keys(fieldErrors).length === 0 ? [failure.msg] : [];
  return submission.reply({ fieldErrors, formErrors, hideFields });
}
