// The landing page ships prerendered in index.html and runs without the app: a signed-out visitor
// on "/" gets the landing's HTML before any script, the phone number from the live config (never one
// baked in at build time), and no dashboard, sign-in or React app code. Signed-in visitors and other
// URLs get the app.
import { expect, inject, it } from "vitest";
import { freshCredentials, signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";

const browser = useBrowser();

/** Module paths of the app beyond the landing: every feature folder but landing/, and the React app's entry. */
const APP_CODE = /\/web\/(dashboard|calls|echoes|live|testcall|auth|audio)\/|\/web\/(main|App)\.tsx/;

it("the landing's HTML arrives prerendered, with a placeholder where the configured number goes", async () => {
  const html = await (await fetch(`${inject("baseURL")}/`)).text();
  const config = (await (await fetch(`${inject("baseURL")}/api/config`)).json()) as { phoneNumber: string };
  expect(html).toContain("Just call.");
  expect(html).toContain("Loading number…");
  expect(html).not.toContain(config.phoneNumber);
});

it("a signed-out visitor on / loads no dashboard or app code, and sees the configured number", async () => {
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${inject("baseURL")}/`);
  const config = (await page.evaluate(() => fetch("/api/config").then((r) => r.json()))) as { phoneNumber: string };
  const tel = page.locator('main a[href^="tel:"]').first();
  await tel.waitFor();
  expect(await tel.innerText()).toContain(config.phoneNumber);
  expect(await page.getByText("Loading number…").count()).toBe(0);
  await page.waitForLoadState("networkidle");
  expect(requested.some((p) => p.startsWith("/web/landing/"))).toBe(true); // the check sees module requests at all
  expect(requested.filter((p) => APP_CODE.test(p))).toEqual([]);
});

it("other URLs and signed-in visitors get the app, not the prerendered landing", async () => {
  const page = await browser.newPage();
  await page.goto(`${inject("baseURL")}/?auth=true`);
  await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  expect(await page.getByRole("heading", { name: /Just call/ }).count()).toBe(0);
  const creds = await signUpViaApi(page, inject("baseURL"), freshCredentials("landing"));
  expect(await page.getByText(`Welcome, ${creds.displayName}`).isVisible()).toBe(true);
  expect(await page.getByRole("heading", { name: /Just call/ }).count()).toBe(0);
});
