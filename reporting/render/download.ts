// The one way to answer a successful download (PDF, XLSX, CSV): its media type, the attachment file name (RFC 6266,
// written by the content-disposition library so any name is safe) and no caching of member data. Failed downloads
// answer through app/lib/http.server.ts (errorResponse / forRequester).
import { create as contentDisposition } from "content-disposition";

const MEDIA_TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  /** The pharmacy roster files (docs/padron-farmacia.md). */
  txt: "text/plain; charset=windows-1252",
} as const;

export type DownloadKind = keyof typeof MEDIA_TYPES;

/** Headers of a download named `filename` of `kind`, plus any `extra` (e.g. X-Datos-Al). */
function downloadHeaders(kind: DownloadKind, filename: string, extra: Record<string, string> = {}): Headers {
  return new Headers({
    "Content-Type": MEDIA_TYPES[kind],
    "Content-Disposition": contentDisposition(filename),
    "Cache-Control": "no-store",
    ...extra,
  });
}

/** A download response: a body (bytes or a stream) with `downloadHeaders`. */
export function downloadResponse(
  kind: DownloadKind,
  filename: string,
  body: BodyInit,
  extra: Record<string, string> = {},
): Response {
  return new Response(body, { headers: downloadHeaders(kind, filename, extra) });
}
