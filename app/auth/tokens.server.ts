// Session and API tokens: 256 random bits, only their SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A well-formed token is 43 base64url characters; anything else is rejected before touching the database. */
export function isWellFormedToken(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
