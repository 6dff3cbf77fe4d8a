// The pharmacy roster generator (spec part 2 §2/§7/§8/§9; docs/decisions/038-pharmacy-rosters.md): generate a
// roster from the reporting snapshot (single-flight, reporting/rosters/generate.ts), list the generated files,
// serve them (streamed from disk) and answer the API's { length, file } without holding the file in memory.
// Generations and downloads go to the audit log (the files hold personal data).
import fsp from "node:fs/promises";
import path from "node:path";
import { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  decodeCp1252,
  generateRoster,
  listRosters,
  parseRosterName,
  rosterDir,
  rosterFilePath,
  rosterOfApiPath,
  ROSTER_KINDS,
  ROSTERS,
  SnapshotUnavailableError,
  type RosterFile,
  type RosterKind,
} from "~reporting/index";
import { downloadResponse } from "~reporting/render/download";
import { getDb } from "~db/client.server";
import { audit, type AuditActor } from "~/lib/audit.server";
import { formatDateAR } from "~/lib/dates";
import { loggableError } from "~/lib/log-safe.server";
import { FILES_PATH, MSG_ERROR_PADRON } from "./padron-farmacia.schema";

/** The four buttons (spec §2), in order. */
export const PADRONES: { padron: RosterKind; label: string }[] = ROSTER_KINDS.map((k) => ({
  padron: k,
  label: ROSTERS[k].label,
}));

/** The roster of an API path (§7: 'beneficiarios-activos' …), or null. */
export const padronOfApiPath = (segment: string): RosterKind | null => rosterOfApiPath(segment);

/** A generated roster as the screen and the API show it. */
export type PadronArchivo = RosterFile & {
  /** The roster's button label. */
  nombre_padron: string;
  /** 'dd/mm/yyyy hh:mm' (es-AR) of the generation. */
  fecha_ar: string;
  url: string;
  reg_url: string;
};

function fileUrl(name: string): string {
  return `${FILES_PATH}/${encodeURIComponent(name)}`;
}

function describe(f: RosterFile): PadronArchivo {
  const [day, time] = f.fecha.split(" ");
  return {
    ...f,
    nombre_padron: ROSTERS[f.padron].label,
    fecha_ar: `${formatDateAR(day)} ${time}`,
    url: fileUrl(f.archivo),
    reg_url: fileUrl(f.reg),
  };
}

export type GenerarResult = { ok: true; archivo: PadronArchivo } | { ok: false; status: 500 | 503; msg: string };

/**
 * Generate `padron` now (a generation of the same roster already running in this process is shared). No snapshot
 * yet → 503 with the store's message; any other failure → 500 'Un error ha ocurrido. Intente mas tarde' (logged).
 */
export async function generarPadron(
  user: AuditActor,
  padron: RosterKind,
  via: "pantalla" | "api",
): Promise<GenerarResult> {
  let file: RosterFile;
  try {
    file = await generateRoster(padron);
  } catch (e) {
    if (e instanceof SnapshotUnavailableError) return { ok: false, status: 503, msg: e.message };
    console.error(`padron farmacia ${padron}: ${loggableError(e)}`);
    return { ok: false, status: 500, msg: MSG_ERROR_PADRON };
  }
  await audit(await getDb(), user, {
    accion: "padron_farmacia.generar",
    entidad: "padron_farmacia",
    entidadId: file.archivo,
    detalle: { padron, registros: file.registros, via },
  });
  return { ok: true, archivo: describe(file) };
}

/** The generated files (complete generations), newest first. */
export async function listPadrones(): Promise<PadronArchivo[]> {
  return (await listRosters()).map(describe);
}

/**
 * A roster or Reg_ file as a download (text/plain; charset=windows-1252, attachment), streamed from disk; null
 * when the name does not follow the naming rule or the file does not exist (→ 404). The download is audited.
 */
export async function descargarArchivo(
  user: AuditActor,
  name: string,
  via: "pantalla" | "api",
): Promise<Response | null> {
  const file = await rosterFilePath(name);
  if (!file) return null;
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, "r"); // held open: a prune meanwhile does not cut the download
  } catch {
    return null;
  }
  try {
    await audit(await getDb(), user, {
      accion: "padron_farmacia.descargar",
      entidad: "padron_farmacia",
      entidadId: name,
      detalle: { padron: parseRosterName(name)!.kind, via },
    });
  } catch (e) {
    await handle.close();
    throw e;
  }
  const stream = NodeReadableStream.from(handle.createReadStream({ highWaterMark: 256 * 1024 }));
  return downloadResponse("txt", name, stream as ReadableStream<Uint8Array>);
}

/**
 * The API's answer for a generated roster (§7: file = the text content, length = the count), streamed so that a
 * 50 MB roster is never one string: {"length":N,"padron":…,"file_name":…,"reg_file_name":…,"fecha":…,"url":…,
 * "reg_url":…,"file":"<the file decoded from cp1252, JSON-escaped chunk by chunk>"}.
 */
export async function padronJsonResponse(a: PadronArchivo): Promise<Response> {
  const handle = await fsp.open(path.join(rosterDir(), a.archivo), "r");
  const head = JSON.stringify({
    length: a.registros,
    padron: a.padron,
    file_name: a.archivo,
    reg_file_name: a.reg,
    fecha: a.fecha,
    url: a.url,
    reg_url: a.reg_url,
  });
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield encoder.encode(`${head.slice(0, -1)},"file":"`);
    for await (const chunk of handle.createReadStream({ highWaterMark: 256 * 1024 })) {
      yield encoder.encode(JSON.stringify(decodeCp1252(chunk as Buffer)).slice(1, -1));
    }
    yield encoder.encode('"}');
  }
  return new Response(NodeReadableStream.from(chunks()) as ReadableStream<Uint8Array>, {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
