// The paging parameters of a list answered a page at a time (screens' URLs and the JSON API: the catalogues, the
// professional registry): page from 0, size with the list's default and at most MAX_PAGE_SIZE. Bad values are refused
// with these messages (a 422/400 with { param, msg }), never clamped. Browser-safe.
import { z } from "~/lib/zod";

export const MAX_PAGE_SIZE = 100;
export const MSG_PAGE = "La página debe ser un número entero mayor o igual a 0";
export const MSG_SIZE = `El tamaño de página debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}`;

/** A whole number of up to 9 digits as typed (spaces around ignored); blank → fallback. */
const wholeNumber = (msg: string, fallback: number) =>
  z
    .string({ error: msg })
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), msg)
    .transform((v) => (v === "" ? fallback : Number(v)));

/** `page`: 0-based, 0 when absent. */
export const pageParam = () => wholeNumber(MSG_PAGE, 0);

/** `size`: 1..MAX_PAGE_SIZE, `fallback` when absent. */
export const sizeParam = (fallback: number) =>
  wholeNumber(MSG_SIZE, fallback).refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, MSG_SIZE);
