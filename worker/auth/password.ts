// Password hashing: scrypt, in worker/lib/scrypt-hash.ts (the phone PIN is hashed the same way, from the
// call side, which must not import worker/auth).
export { hashPassword, needsRehash, SCRYPT_PARAMS, verifyPassword, type ScryptParams } from "../lib/scrypt-hash";
