import { describe, expect, it } from "vitest";
import { SCRYPT_PARAMS, hashPassword, needsRehash, verifyPassword } from "../../../worker/auth/password";

describe("password hashing (scrypt in workerd)", () => {
  it("hashes with a per-user salt and records the parameters in the hash", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).not.toBe(b);
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$${SCRYPT_PARAMS.r}\\$${SCRYPT_PARAMS.p}\\$[A-Za-z0-9+/=]+\\$[A-Za-z0-9+/=]+$`));
    expect(a).not.toContain("correct horse");
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", stored)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("still verifies hashes made with older parameters and flags them for re-hashing", async () => {
    const old = await hashPassword("legacy", { N: 2 ** 10, r: 8, p: 1 });
    expect(old.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("legacy", old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword("new"))).toBe(false);
  });

  it("refuses malformed stored hashes instead of throwing", async () => {
    for (const bad of ["", "plain", "scrypt$x$8$1$AA==$AA==", "pbkdf2$1$2$3$AA==$AA==", "scrypt$1024$8$1$%%%$AA=="]) {
      expect(await verifyPassword("anything", bad)).toBe(false);
    }
  });
});
