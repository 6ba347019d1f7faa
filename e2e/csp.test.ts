// The security headers in a real browser (worker/http/security-headers.ts): the production build's
// pages run under their Content-Security-Policy with no violation — the root guard's inline script
// allowed by its hash, the app's scripts and styles, same-origin fetches and WebSockets (CSP3 'self'
// covers ws:).
import { expect, inject, it } from "vitest";
import { useBrowser } from "./support/browser";
import { signUpInPage } from "./support/auth";

const browser = useBrowser();

it("the app runs under its policy with no violation: landing, auth screen, dashboard with its sockets", async () => {
  const page = await browser.newPage();
  const baseURL = inject("baseURL");
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const res = await page.goto(baseURL);
  expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
  expect(res?.headers()["x-content-type-options"]).toBe("nosniff");
  await signUpInPage(page, baseURL);
  // The dashboard opens its change feed (a same-origin WebSocket): connected under connect-src 'self'.
  const socketOpen = await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/ws/feed`);
        ws.onopen = () => resolve(true);
        ws.onerror = () => resolve(false);
      }),
  );
  expect(socketOpen).toBe(true);
  expect(violations).toEqual([]);
});
