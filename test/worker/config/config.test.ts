import { createExecutionContext } from "cloudflare:test";
import { app } from "../../../worker/app";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import type { PublicConfig } from "../../../protocol/api";

describe("public config", () => {
  it("reports the phone number and the offline provider when no AI binding exists", async () => {
    const res = await exports.default.fetch("https://echo.test/api/config");
    expect(res.status).toBe(200);
    const body = (await res.json()) as PublicConfig;
    expect(body).toEqual({ phoneNumber: env.PUBLIC_PHONE_NUMBER, googleEnabled: false, aiProvider: "offline", aiEngines: body.aiEngines });
    expect(body.aiEngines).toMatchObject({ recognizesSpeech: false, summary: "no speech recognition · rule-based replies · formant voice" });
    expect(Object.values(body.aiEngines.stages).map((s) => s.engine)).toEqual(["offline", "offline", "offline", "offline", "offline"]);
  });

  it("refuses a cross-origin mutation with 403", async () => {
    const res = await exports.default.fetch("https://echo.test/api/anything", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "forbidden-origin" } });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await exports.default.fetch("https://echo.test/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
  });

  it("has the schema applied", async () => {
    const tables = await env.DB.prepare("select name from sqlite_master where type='table' and name='users'").all();
    expect(tables.results).toHaveLength(1);
  });
});

describe("a configuration error", () => {
  const broken = { ...env, GOOGLE_CLIENT_SECRET: "only-the-secret", GOOGLE_CLIENT_ID: "" };

  it("answers the API with a JSON error naming the setting (503, not a bare 500)", async () => {
    const res = await app.fetch(new Request("https://echo.test/api/config"), broken, createExecutionContext());
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("config");
    expect(body.error.message).toContain("GOOGLE_CLIENT_ID is missing while GOOGLE_CLIENT_SECRET is set");
  });

  it("answers a person's browser with a readable page naming the setting", async () => {
    const res = await app.fetch(new Request("https://echo.test/twilio/voice", { headers: { Accept: "text/html" } }), broken, createExecutionContext());
    expect(res.status).toBe(503);
    expect(res.headers.get("Content-Type")).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain("<code>GOOGLE_CLIENT_ID</code>");
    expect(html).toContain("is missing while GOOGLE_CLIENT_SECRET is set");
  });
});

describe("a configuration error shows the setting, never its value", () => {
  const secretish = "https://user:hunter2@ai.internal.example:8443/v1?key=sk-live-123";
  const broken = { ...env, AI_REPLY: "openai", OPENAI_REPLY_BASE_URL: secretish, OPENAI_REPLY_MODEL: "m" };

  it("the page a signed-out visitor sees on / and the JSON answer name OPENAI_REPLY_BASE_URL without its value", async () => {
    const page = await app.fetch(new Request("https://echo.test/", { headers: { Accept: "text/html" } }), broken, createExecutionContext());
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("<code>OPENAI_REPLY_BASE_URL</code>");
    const json = await app.fetch(new Request("https://echo.test/api/config"), broken, createExecutionContext());
    const message = ((await json.json()) as { error: { message: string } }).error.message;
    expect(message).toContain("OPENAI_REPLY_BASE_URL must be an http(s) URL");
    for (const shown of [html, message]) for (const part of ["hunter2", "ai.internal.example", "sk-live-123"]) expect(shown).not.toContain(part);
  });

  it("nor does the log line", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    onTestFinished(() => spy.mockRestore());
    await app.fetch(new Request("https://echo.test/api/config"), broken, createExecutionContext());
    const logged = spy.mock.calls.flat().map(String).join("\n");
    expect(logged).toContain("OPENAI_REPLY_BASE_URL");
    expect(logged).not.toContain("hunter2");
  });
});

describe("pipeline settings", () => {
  it("a bad deadline value is a configuration error naming it", async () => {
    const res = await app.fetch(new Request("https://echo.test/api/config"), { ...env, AI_STT_DEADLINE_MS: "soon" }, createExecutionContext());
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("AI_STT_DEADLINE_MS must be a whole number in range.");
  });
});
