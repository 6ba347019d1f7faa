// Security headers on every answer (worker/http/security-headers.ts): the SPA's page on "/" and
// "/?auth=true", an asset, an API route, an error; the page's inline script allowed by its hash only.
import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { inlineScripts, pagePolicy } from "../../../worker/http/security-headers";
import indexHtml from "../../../index.html?raw";

/** The SPA's files as the ASSETS binding serves them: index.html for any path, one script file. */
const assets = {
  fetch: async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/assets/app.js") return new Response("console.log(1)", { headers: { "Content-Type": "text/javascript" } });
    const request = input instanceof Request ? input : null;
    if (request?.headers.get("If-None-Match") === '"x"') return new Response(null, { status: 304, headers: { ETag: '"x"' } });
    return new Response(indexHtml, { headers: { "Content-Type": "text/html; charset=utf-8", ETag: '"x"' } });
  },
  connect: () => {
    throw new Error("not used");
  },
} as unknown as Fetcher;

const withAssets = { ...env, ASSETS: assets };
const get = (url: string, init?: RequestInit) => app.fetch(new Request(url, init), withAssets, createExecutionContext());

async function sha256(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return btoa(String.fromCharCode(...d));
}

function expectCommon(res: Response, https = true) {
  expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(res.headers.get("Referrer-Policy")).toBeTruthy();
  expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  expect(res.headers.get("Strict-Transport-Security")).toBe(https ? "max-age=31536000" : null);
}

describe("security headers", () => {
  it("the landing page: a policy with no unsafe-inline script, the root guard allowed by its hash", async () => {
    const res = await get("https://echo.test/");
    expect(res.status).toBe(200);
    expectCommon(res);
    const csp = res.headers.get("Content-Security-Policy")!;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    const guard = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!;
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${await sha256(guard)}'`);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(await res.text()).toBe(indexHtml);
    expect(res.headers.get("ETag")).toBe('"x"');
  });

  it("the auth screen (/?auth=true) and an app path get the same page policy", async () => {
    const landing = (await get("https://echo.test/")).headers.get("Content-Security-Policy");
    for (const path of ["/?auth=true", "/dashboard"]) {
      const res = await get(`https://echo.test${path}`);
      expectCommon(res);
      expect(res.headers.get("Content-Security-Policy")).toBe(landing);
    }
  });

  it("an asset: nosniff, the resource policy, no HSTS over plain http", async () => {
    const res = await get("http://localhost/assets/app.js");
    expect(res.status).toBe(200);
    expectCommon(res, false);
    expect(res.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(await res.text()).toBe("console.log(1)");
  });

  it("an API answer: the headers and no-store (personal data is never cached)", async () => {
    const res = await exports.default.fetch("https://echo.test/api/config");
    expect(res.status).toBe(200);
    expectCommon(res);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const unknown = await exports.default.fetch("https://echo.test/api/nope");
    expectCommon(unknown);
    expect(unknown.headers.get("Cache-Control")).toBe("no-store");
  });

  it("an error page keeps the headers (a configuration error)", async () => {
    const broken = { ...withAssets, GOOGLE_CLIENT_SECRET: "s", GOOGLE_CLIENT_ID: "" };
    const res = await app.fetch(new Request("https://echo.test/", { headers: { Accept: "text/html" } }), broken, createExecutionContext());
    expect(res.status).toBe(503);
    expectCommon(res);
  });

  it("a page's own policy is kept, with frame-ancestors added", async () => {
    const res = await exports.default.fetch("https://echo.test/api/auth/google/start");
    const csp = res.headers.get("Content-Security-Policy")!;
    expect(csp).toMatch(/script-src 'nonce-/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("inline script hashes", () => {
  it("a 304 for the cached page brings no policy of its own (it would replace the page's, made from no body)", async () => {
    const res = await get("https://echo.test/?auth=true", { headers: { "If-None-Match": '"x"' } });
    expect(res.status).toBe(304);
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("hashes inline scripts only, exactly their text", async () => {
    const html = `<html><head><script src="/a.js"></script><script type="module">import "/x";</script></head><body><script>\n  go();\n</script></body></html>`;
    expect(await inlineScripts(html)).toEqual(['import "/x";', "\n  go();\n"]);
    const csp = await pagePolicy(await inlineScripts(html));
    expect(csp).toContain(`'sha256-${await sha256("\n  go();\n")}'`);
    expect(csp).toContain(`'sha256-${await sha256('import "/x";')}'`);
  });
});
