// The pharmacy rosters (padrón farmacia, spec part 2 §2/§7/§8/§9; docs/padron-farmacia.md; docs/decisions/038):
// which rosters exist, their file names, the record layout and the Windows-1252 text. Pure: no I/O, no app/.
// The membership SQL (reporting/rosters/query.ts) and the generator (generate.ts) read everything from here.
import iconv from "iconv-lite";
// the insurer's time zone: the generation day ("hoy" of the status rules) and the file name stamps
import { TZ } from "~db/time-zone";

export const ROSTER_KINDS = ["activos", "activos-medicamentos", "diabeticos", "diabeticos-medicamentos"] as const;
export type RosterKind = (typeof ROSTER_KINDS)[number];

export type RosterDef = {
  /** The screen's button (spec §2). */
  label: string;
  /** 4082C active members, 4083C the diabetes programme (spec §9). */
  prefix: "4082C" | "4083C";
  /** 'D' for the medication variants (spec §9). */
  suffix: "" | "D";
  /** The API path under /api/padron_farmacia/ (spec §7). */
  apiPath: string;
};

export const ROSTERS: Record<RosterKind, RosterDef> = {
  activos: { label: "Activos", prefix: "4082C", suffix: "", apiPath: "beneficiarios-activos" },
  "activos-medicamentos": {
    label: "Activos Medicamentos",
    prefix: "4082C",
    suffix: "D",
    apiPath: "beneficiarios-medicamentos",
  },
  diabeticos: { label: "Diabeticos", prefix: "4083C", suffix: "", apiPath: "beneficiarios-diabeticos" },
  "diabeticos-medicamentos": {
    label: "Diabeticos Medicamentos",
    prefix: "4083C",
    suffix: "D",
    apiPath: "beneficiarios-diabeticos-medicamentos",
  },
};

export function isRosterKind(v: unknown): v is RosterKind {
  return typeof v === "string" && (ROSTER_KINDS as readonly string[]).includes(v);
}

/** The roster of an API path segment ('beneficiarios-activos' → 'activos'), or null. */
export function rosterOfApiPath(segment: string): RosterKind | null {
  return ROSTER_KINDS.find((k) => ROSTERS[k].apiPath === segment) ?? null;
}

// ---- Who belongs (docs/padron-farmacia.md) -------------------------------------------------------------------

/** PLAN GENERAL OSEP: the coverage of every active member; its vademecum discount (PMO) is 40 %. */
export const GENERAL_COVERAGE = 1;
export const GENERAL_DISCOUNT = 40;
/** DIABETES: the diabetes programme (4083C). */
export const DIABETES_COVERAGE = 8;

/**
 * The coverages that carry their own drug plan, with the plan's discount in percent (the vademecum's 'cobertura'
 * of that plan: db/seed/nomenclature.ts COVERAGE_BY_PLAN, db/seed/health.ts planOfCov). A member with an ACTIVA
 * enrolment in one of these has medication coverage (the 'D' rosters).
 */
export const DRUG_PLAN_DISCOUNT: Readonly<Record<number, number>> = {
  3: 100, // ONCOLOGIA
  8: 100, // DIABETES
  15: 70, // SALUD MENTAL
  40: 100, // HIV / SIDA
  41: 100, // TRASPLANTADOS
  43: 70, // HIPOTIROIDISMO
  44: 70, // HIPERTENSION ARTERIAL
  45: 100, // ESCLEROSIS MULTIPLE
  53: 100, // PLAN MATERNO INFANTIL
};

// ---- Record layout: ';'-separated, no header, no quotes, CRLF (docs/padron-farmacia.md) -----------------------

export const FIELD_SEPARATOR = ";";
export const LINE_END = "\r\n";

/** The fields of a record, in order (the layout is stable: new fields may only be appended). */
export const RECORD_FIELDS = [
  "dni",
  "nro_afiliado",
  "cuil",
  "apellido_nombre",
  "sexo",
  "fecha_nacimiento",
  "grupo",
  "parentesco",
  "cobertura",
  "descuento",
] as const;
export type RosterRecord = Record<(typeof RECORD_FIELDS)[number], string>;

// eslint-disable-next-line no-control-regex -- control characters are exactly what a field must not hold
const NOT_IN_FIELD = /[;\u0000-\u001f\u007f]/g;

/** A text value as a field: the separator and control characters become a space, ends trimmed. */
export function fieldText(v: string | null | undefined): string {
  return (v ?? "").replace(NOT_IN_FIELD, " ").trim();
}

/** One record as its line (without the line end). */
export function recordLine(r: RosterRecord): string {
  return RECORD_FIELDS.map((f) => fieldText(r[f])).join(FIELD_SEPARATOR);
}

// ---- Windows-1252 ----------------------------------------------------------------------------------------------

/** Every character Windows-1252 can encode (the five undefined bytes 81 8D 8F 90 9D excluded). */
const CP1252_CHARS: ReadonlySet<string> = (() => {
  const all = iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), "win1252");
  return new Set([...all].filter((c, i) => c !== "\ufffd" && ![0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(i)));
})();

/** Characters outside cp1252 (one test per chunk keeps the common case — plain Spanish text — fast). */
const OUTSIDE = new RegExp(
  `[^${[...CP1252_CHARS].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}]`,
  "u",
);

/**
 * Text made encodable in cp1252: a character outside it is decomposed (NFD) and its combining marks dropped
 * ('ő' → 'o', 'ț' → 't'); what still cannot be encoded becomes '?' (one per character, e.g. '中' → '?').
 */
export function toCp1252Text(text: string): string {
  if (!OUTSIDE.test(text)) return text;
  let out = "";
  for (const ch of text) {
    if (CP1252_CHARS.has(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
    out += base && [...base].every((c) => CP1252_CHARS.has(c)) ? base : "?";
  }
  return out;
}

/** Text whose every character is ASCII or U+00A0–U+00FF: there cp1252 and Latin-1 are the same bytes. */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const LATIN1_SAFE = /^[\u0000-\u007f\u00a0-\u00ff]*$/;

/** The bytes of `text` in Windows-1252 (after toCp1252Text); plain Spanish text takes Node's native Latin-1 path. */
export function encodeCp1252(text: string): Buffer {
  if (LATIN1_SAFE.test(text)) return Buffer.from(text, "latin1");
  return iconv.encode(toCp1252Text(text), "win1252");
}

/** Bytes of a roster file back to text (single-byte: any chunk boundary is a character boundary). */
export function decodeCp1252(bytes: Uint8Array): string {
  return iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), "win1252");
}

// ---- File names (spec §9) --------------------------------------------------------------------------------------

const STAMP_FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** 'AAAAMMDDHHMM' of an instant in the insurer's time zone. */
export function rosterStamp(now: Date): string {
  const p = Object.fromEntries(STAMP_FORMAT.formatToParts(now).map((x) => [x.type, x.value]));
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}`;
}

/** The generation day 'YYYY-MM-DD' in the insurer's time zone ("hoy" of the status rules). */
export function rosterDay(now: Date): string {
  const s = rosterStamp(now);
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
}

/** The roster file name: <prefix><AAAAMMDD><HHMM>[D].txt, e.g. 4082C202611240300D.txt. */
export function rosterFileName(kind: RosterKind, now: Date): string {
  const d = ROSTERS[kind];
  return `${d.prefix}${rosterStamp(now)}${d.suffix}.txt`;
}

export const REG_PREFIX = "Reg_";

/** The companion count file of a roster file. */
export function regFileName(rosterFile: string): string {
  return `${REG_PREFIX}${rosterFile}`;
}

/** The Reg_ file's text: the record count and CRLF. */
export function regContent(count: number): string {
  return `${count}${LINE_END}`;
}

/** The count a Reg_ file holds, or null when it is not a count. */
export function parseRegContent(text: string): number | null {
  const m = /^(\d{1,12})\r?\n?$/.exec(text);
  return m ? Number(m[1]) : null;
}

const NAME_RE = /^(Reg_)?(4082C|4083C)(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(D?)\.txt$/;

export type ParsedRosterName = {
  kind: RosterKind;
  /** True for the Reg_ count file. */
  reg: boolean;
  /** The roster file's name (without Reg_). */
  rosterFile: string;
  /** 'AAAAMMDDHHMM'. */
  stamp: string;
  /** 'YYYY-MM-DD HH:MM' in the insurer's time zone. */
  fecha: string;
};

/** A file name that follows the naming rule (anything else — paths, other files — is null). */
export function parseRosterName(name: string): ParsedRosterName | null {
  const m = NAME_RE.exec(name);
  if (!m) return null;
  const [, reg, prefix, y, mo, d, h, mi, suffix] = m;
  if (Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31 || Number(h) > 23 || Number(mi) > 59)
    return null;
  const kind = ROSTER_KINDS.find((k) => ROSTERS[k].prefix === prefix && ROSTERS[k].suffix === suffix)!;
  return {
    kind,
    reg: !!reg,
    rosterFile: reg ? name.slice(REG_PREFIX.length) : name,
    stamp: `${y}${mo}${d}${h}${mi}`,
    fecha: `${y}-${mo}-${d} ${h}:${mi}`,
  };
}
