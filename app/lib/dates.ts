/**
 * Date and money helpers used by the whole app. This is the one place that interprets the legacy
 * date sentinels ('0001-01-01' = no date; '1900-01-01' = no date in pharmacy data) and that knows
 * the insurer's time zone.
 */
import { addDays, format, getDay, isExists, isValid, parseISO } from "date-fns";
import { tz } from "@date-fns/tz";
import { TZ } from "~db/time-zone";

/** The insurer's time zone (db/time-zone.ts): "today", default dates and slot blocking use it, never the server's. */
export { TZ };
const NULL_DATE = "0001-01-01";
const PHARMACY_NULL_DATE = "1900-01-01";
const INVALID_DATE_TEXT = "FECHA INV";
const NO_INFO_TEXT = "Sin info";

type DateInput = string | Date | null | undefined;

const inTZ = tz(TZ);
/**
 * Calendar dates (yyyy-mm-dd: a day, no time of day) are counted on a plain calendar, UTC: no offset, no DST, so a
 * day never shifts. Counting them in the insurer's zone would not do: its 1920 change of offset skips a day there.
 */
const onCalendar = tz("UTC");
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A calendar date sent as midnight UTC (how date columns often travel as JSON). */
const MIDNIGHT_UTC = /^(\d{4}-\d{2}-\d{2})T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?$/;

/** The calendar date `iso` (yyyy-mm-dd) plus `days` days (negative: before), across months, years and 29 February. */
export function addDaysISO(iso: string, days: number): string {
  return format(addDays(parseISO(iso, { in: onCalendar }), days, { in: onCalendar }), "yyyy-MM-dd", { in: onCalendar });
}

/** The weekday of the calendar date `iso` (yyyy-mm-dd): 0 Sunday … 6 Saturday. */
export function weekdayISO(iso: string): number {
  return getDay(parseISO(iso, { in: onCalendar }));
}

/** Today's date (yyyy-mm-dd) in the insurer's time zone. */
export function todayISO(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd", { in: inTZ });
}

/** True for the legacy "no date" values: null, undefined, '' and 0001-01-01 (with or without time). */
export function isNullDate(iso: DateInput): boolean {
  if (iso == null) return true;
  if (iso instanceof Date) return false;
  const s = iso.trim();
  return s === "" || s.startsWith(NULL_DATE);
}

/** True for the pharmacy "no date" sentinel 1900-01-01 (the screen shows 'Sin info'). */
export function isPharmacyNullDate(iso: DateInput): boolean {
  return typeof iso === "string" && iso.trim().startsWith(PHARMACY_NULL_DATE);
}

/**
 * Parses a date value. Returns the yyyy-mm-dd calendar parts for date-only values (no time-zone
 * shift), a Date for real instants, or null when unparseable.
 */
function parse(value: string | Date): { ymd: [string, string, string] } | { instant: Date } | null {
  if (value instanceof Date) return isValid(value) ? { instant: value } : null;
  const s = value.trim();
  const dateOnly = DATE_ONLY.exec(s) ?? DATE_ONLY.exec(MIDNIGHT_UTC.exec(s)?.[1] ?? "");
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    return isExists(Number(y), Number(m) - 1, Number(d)) ? { ymd: [y, m, d] } : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(s)) return null;
  const instant = new Date(s);
  return isValid(instant) ? { instant } : null;
}

/** dd/mm/yyyy; '' for null, empty or 0001-01-01; 'FECHA INV' for unparseable input. */
export function formatDateAR(iso: DateInput): string {
  if (isNullDate(iso)) return "";
  const parsed = parse(iso as string | Date);
  if (!parsed) return INVALID_DATE_TEXT;
  if ("ymd" in parsed) return `${parsed.ymd[2]}/${parsed.ymd[1]}/${parsed.ymd[0]}`;
  return format(parsed.instant, "dd/MM/yyyy", { in: inTZ });
}

/** dd/mm/yyyy HH:mm in the insurer's time zone (date-only values give just dd/mm/yyyy). */
export function formatDateTimeAR(iso: DateInput): string {
  if (isNullDate(iso)) return "";
  const parsed = parse(iso as string | Date);
  if (!parsed) return INVALID_DATE_TEXT;
  if ("ymd" in parsed) return formatDateAR(parsed.ymd.join("-"));
  return format(parsed.instant, "dd/MM/yyyy HH:mm", { in: inTZ });
}

/** Pharmacy dates: 'Sin info' for 1900-01-01, otherwise like formatDateAR. */
export function formatPharmacyDateAR(iso: DateInput): string {
  return isPharmacyNullDate(iso) ? NO_INFO_TEXT : formatDateAR(iso);
}
