// Password hashing: argon2id with the OWASP minimum parameters (19 MiB, 2 passes, 1 lane).
import { hash, verify } from "@node-rs/argon2";

/** Algorithm.Argon2id (a const enum, unusable under isolatedModules). */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** A fixed hash to verify against when the user does not exist, so timing does not reveal valid usernames. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword("osep-dummy-password"));
}
