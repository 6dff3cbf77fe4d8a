// The request id (issue 36, docs/decisions/065-json-logs.md): the one a proxy or a client sent in X-Request-Id when
// it looks like an id, else a new UUID. It is answered in X-Request-Id and written on the request's log lines, so an
// operator follows one request from nginx's access log through the app's lines.
import { randomUUID } from "node:crypto";

/**
 * A well-formed incoming id: 1 to 128 characters of letters, digits and `.` `_` `:` `-` (nginx's $request_id, a
 * UUID, a trace id), with at least one letter AND one digit. Anything else is never logged nor echoed: a header with
 * control characters or spaces could forge a log line, a long one fills the log, and one without a letter or without
 * a digit may be a DNI, a CUIL, a phone number, a date or a name — something personal the log must never hold.
 */
const WELL_FORMED = /^[A-Za-z0-9._:-]{1,128}$/;

export function isWellFormedRequestId(value: string): boolean {
  return WELL_FORMED.test(value) && /[A-Za-z]/.test(value) && /[0-9]/.test(value);
}

/** The request's id from its X-Request-Id header (one, well-formed), or a new one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === "string" && isWellFormedRequestId(header) ? header : randomUUID();
}
