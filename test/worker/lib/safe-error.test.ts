// No personal data in logs (worker/lib/safe-error.ts): a failing insert's error carries the email and
// the password hash as parameters; what is logged — by the helper and by the API's error handler —
// holds the query's shape and the database's code, never them.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../../worker/db/client";
import { users } from "../../../worker/db/schema";
import { handleError } from "../../../worker/http/errors";
import { logError, safeError } from "../../../worker/lib/safe-error";

let EMAIL = "";
const HASH = "scrypt$N=16384$c2VjcmV0LXNhbHQ$aGFzaC1vZi10aGUtcGFzc3dvcmQ";

/** An insert that fails (the same primary key twice), its parameters the email and the hash. */
async function failingInsert(): Promise<unknown> {
  const id = crypto.randomUUID();
  EMAIL = `private.person.${id}@example.com`;
  const row = { id, email: EMAIL, displayName: "Private Person", createdAt: Date.now(), passwordHash: HASH };
  await db(env.DB).insert(users).values(row);
  try {
    await db(env.DB).insert(users).values(row);
  } catch (err) {
    return err;
  }
  throw new Error("the second insert should have failed");
}

function captured(spy: { mock: { calls: unknown[][] } }): string {
  return spy.mock.calls.map((args) => args.map((a: unknown) => (typeof a === "string" ? a : a instanceof Error ? `${a.message} ${a.stack}` : JSON.stringify(a))).join(" ")).join("\n");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("database errors in logs", () => {
  it("the raw error does carry the parameters (what the helper guards against)", async () => {
    const err = (await failingInsert()) as Error;
    expect(err.message).toContain(EMAIL);
  });

  it("logError: the query's shape and the code, no email, no hash", async () => {
    const err = await failingInsert();
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logError("sign-up failed", err);
    const log = captured(spy);
    expect(log).toContain("sign-up failed");
    expect(log).toContain('insert into \\"users\\"');
    expect(log).toContain("SQLITE_CONSTRAINT");
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain(HASH);
    expect(log).not.toContain("Private Person");
  });

  it("the API's error handler logs an unhandled database error the same way", async () => {
    const err = await failingInsert();
    const app = new Hono().get("/boom", () => {
      throw err;
    });
    app.onError(handleError);
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const res = await app.fetch(new Request("https://echo.test/boom"), env, createExecutionContext());
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).not.toContain(EMAIL);
    const log = captured(spy);
    expect(log).toContain("SQLITE_CONSTRAINT");
    expect(log).not.toContain(EMAIL);
    expect(log).not.toContain(HASH);
  });

  it("a database error wrapped as another error's cause is reduced too; quoted literals are blanked", () => {
    const wrapped = new Error("could not finish", { cause: new Error(`D1_ERROR: no such thing '${EMAIL}': SQLITE_ERROR`) });
    const safe = JSON.stringify(safeError(wrapped));
    expect(safe).toContain("could not finish");
    expect(safe).toContain("SQLITE_ERROR");
    expect(safe).not.toContain(EMAIL);
  });
});
