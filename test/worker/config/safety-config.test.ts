// SAFETY_RESOURCES through the app (worker/config/config.ts → worker/config/safety-resources.ts): a bad value
// answers every route with the configuration error naming it; a good one is accepted.
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";

describe("SAFETY_RESOURCES", () => {
  it("a bad value is a configuration error naming it (503), on the API and the phone webhook", async () => {
    const broken = { ...env, SAFETY_RESOURCES: `{"emergency":"112"}` };
    const res = await app.fetch(new Request("https://echo.test/api/config"), broken, createExecutionContext());
    expect(res.status).toBe(503);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("config");
    expect(body.error.message).toMatch(/^Configuration error: SAFETY_RESOURCES must be JSON like .*crisisLine/);
    const page = await app.fetch(new Request("https://echo.test/twilio/voice", { headers: { Accept: "text/html" } }), broken, createExecutionContext());
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("<code>SAFETY_RESOURCES</code>");
  });

  it("a good value, or none, serves as usual", async () => {
    const uk = { ...env, SAFETY_RESOURCES: `{"emergency":"999","crisisLine":"call 116 123, the Samaritans","abuseLine":null}` };
    for (const e of [uk, env]) {
      const res = await app.fetch(new Request("https://echo.test/api/config"), e, createExecutionContext());
      expect(res.status).toBe(200);
    }
  });
});
