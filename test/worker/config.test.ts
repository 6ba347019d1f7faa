import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PublicConfig } from "../../protocol/api";

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
