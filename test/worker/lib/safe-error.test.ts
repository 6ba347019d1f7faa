// No personal data in logs (worker/lib/safe-error.ts): a failing insert's error carries the email and
// the password hash as parameters; what is logged — by the helper and by the API's error handler —
// holds the query's shape and the database's code, never them. AI vendors' messages (which may quote a
// caller's words) reach the logs blanked: the trail's failure lines, logError.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "../../../worker/db/client";
import { users } from "../../../worker/db/schema";
import { handleError } from "../../../worker/http/errors";
import { AiStepError } from "../../../worker/ai/errors";
import { logError, safeError, safeText } from "../../../worker/lib/safe-error";
import { StepFailure } from "../../../worker/pipeline/core/ai-steps";
import { consoleTrail, logFailure } from "../../../worker/pipeline/core/trail";

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

describe("messages that are not ours (AI vendors, parsers)", () => {
  const words = "my sister Ana is in hospital";
  const number = "+1 555 010 7788";
  const vendor = new AiStepError(`The language model failed (@cf/meta/llama-3.1-8b-instruct): HTTP 400 Invalid 'messages[2].content': '${words}, call ${number}' (from ana.private@example.com)`, {
    stage: "reply",
    model: "@cf/meta/llama-3.1-8b-instruct",
    transient: false,
    status: 400,
  });

  it("safeText blanks quoted literals and masks numbers and email addresses, keeping the rest", () => {
    const text = safeText(vendor.message);
    expect(text).toContain("The language model failed (@cf/meta/llama-3.1-8b-instruct): HTTP 400 Invalid");
    for (const part of [words, number, "5550107788", "ana.private@example.com"]) expect(text).not.toContain(part);
    expect(safeText(`caller +15550107788 hung up`)).toBe("caller <number> hung up");
  });

  it("the trail's failure line (console.error in production) holds no caller words, number or address", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new StepFailure("reply", vendor.message, 0, false, 400, vendor);
    logFailure({ sink: consoleTrail, callId: "call-1", provider: "workers-ai", models: undefined }, 1, "reply", failure);
    const log = captured(spy);
    expect(log).toContain('"event":"ai_failure"');
    expect(log).toContain("HTTP 400");
    for (const part of [words, number, "ana.private@example.com"]) expect(log).not.toContain(part);
  });

  it("logError of such an error: the same", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logError("twilio media: frame failed", new Error("bad frame", { cause: vendor }));
    const log = captured(spy);
    expect(log).toContain("bad frame");
    for (const part of [words, number, "ana.private@example.com"]) expect(log).not.toContain(part);
  });
});
