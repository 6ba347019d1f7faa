// Every unknown API path answers a JSON 404, whatever the method; a known path with a method it does
// not take answers a JSON 405 with Allow (worker/http/unknown-routes.ts).
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://echo.test";
const call = (method: string, path: string, body?: string) =>
  exports.default.fetch(`${ORIGIN}${path}`, { method, headers: { Origin: ORIGIN, "Content-Type": "application/json" }, body });

describe("unknown API routes", () => {
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
    it(`${method} on a path no route has: JSON 404`, async () => {
      for (const path of ["/api/auth/password", "/api/nope", "/api/echoes/x/y/z", "/api/"]) {
        const res = await call(method, path, method === "GET" || method === "OPTIONS" ? undefined : "{}");
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get("Content-Type")).toMatch(/application\/json/);
        expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
      }
    });
  }

  it("a known path with a method it does not take: JSON 405 naming the allowed methods", async () => {
    for (const [method, path, allow] of [
      ["PUT", "/api/auth/sign-in", "POST"],
      ["DELETE", "/api/auth/me", "GET"],
      ["GET", "/api/auth/sign-up", "POST"],
      ["PATCH", "/api/config", "GET"],
    ] as const) {
      const res = await call(method, path, method === "GET" ? undefined : "{}");
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("Allow")).toContain(allow);
      expect(await res.json()).toMatchObject({ error: { code: "method-not-allowed" } });
    }
  });

  it("HEAD on a GET route is not a 405", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/config`, { method: "HEAD" });
    expect(res.status).toBe(200);
  });

  it("unknown WebSocket and Twilio paths: JSON 404, not the SPA's page", async () => {
    for (const path of ["/ws/nope", "/twilio/nope"]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: "not-found" } });
    }
  });
});
