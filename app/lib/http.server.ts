// JSON API helpers: the spec's error shape { msg, errors?: [{ param, msg }] } and body parsing with zod.
import { json } from "@remix-run/node";
import type { z } from "zod";

export type FieldError = { param: string; msg: string };

export function apiError(status: number, msg: string, errors?: FieldError[]): Response {
  return json(errors ? { msg, errors } : { msg }, { status, headers: { "Cache-Control": "no-store" } });
}

/** Field errors from a zod error, one per field (the first message), in the spec's { param, msg } shape. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const param = issue.path.join(".") || "body";
    if (seen.has(param)) continue;
    seen.add(param);
    out.push({ param, msg: issue.message });
  }
  return out;
}

const MAX_BODY_BYTES = 1_000_000;

/** Reads a JSON body and validates it; throws a 400/413/422 Response with a Spanish msg on bad input. */
export async function parseJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const length = Number(request.headers.get("content-length") || 0);
  if (length > MAX_BODY_BYTES) throw apiError(413, "La solicitud es demasiado grande");
  let raw: unknown;
  try {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_BODY_BYTES) throw apiError(413, "La solicitud es demasiado grande");
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch (e) {
    if (e instanceof Response) throw e;
    throw apiError(400, "El cuerpo de la solicitud no es JSON válido (UTF-8)");
  }
  return validate(schema, raw);
}

export function validate<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw apiError(400, "El cuerpo de la solicitud debe ser un objeto JSON");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw apiError(400, errors[0]?.msg ?? "Datos inválidos", errors);
  }
  return parsed.data;
}

/** Allowed methods for a resource route; anything else gets 405 with a Spanish msg. */
export function methodNotAllowed(): Response {
  return apiError(405, "Método no permitido");
}
