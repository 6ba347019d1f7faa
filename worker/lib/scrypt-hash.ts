// Secret hashing with scrypt (passwords, worker/auth/password.ts, and the phone PIN) (node:crypto via nodejs_compat; PBKDF2 is capped at 100,000 iterations in
// production workerd). Stored as `scrypt$N$r$p$<salt b64>$<hash b64>`: the parameters travel with each
// hash, so they can be raised later and old hashes still verify (needsRehash tells when to upgrade).
import { scrypt, timingSafeEqual } from "node:crypto";
import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** 16 MiB, ~tens of ms per hash in workerd (see docs/accounts.md, "What guards an account"). */
export const SCRYPT_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Uint8Array, { N, r, p }: ScryptParams, keyLength: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // maxmem: 128·N·r bytes are needed; allow twice that.
    scrypt(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(new Uint8Array(key)),
    );
  });
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_LENGTH));
  const hash = await derive(password, salt, params, KEY_LENGTH);
  return `scrypt$${params.N}$${params.r}$${params.p}$${encodeBase64(salt)}$${encodeBase64(hash)}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Uint8Array;
  hash: Uint8Array;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (!N || !r || !p || !Number.isInteger(N) || !Number.isInteger(r) || !Number.isInteger(p)) return null;
  try {
    return { params: { N, r, p }, salt: decodeBase64(parts[4]!), hash: decodeBase64(parts[5]!) };
  } catch {
    return null;
  }
}

/** Constant-time check of a password against a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const candidate = await derive(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when a stored hash uses weaker parameters than today's (re-hash it at the next sign-in). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  return parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}
