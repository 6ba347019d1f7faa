// The landing page ships prerendered in index.html and runs without the app: a signed-out visitor
// on "/" gets the landing's HTML before any script, the phone number from the live config (never one
// baked in at build time), and no dashboard, sign-in or React app code. Signed-in visitors and other
// URLs get the app.
import { expect, inject, it } from "vitest";
import { freshCredentials, signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";

const browser = useBrowser();

/**
 * Text found only in the app beyond the landing (the suite runs the production build, so scripts are
 * chunks, not source paths): the dashboard's tab bar label, the sign-in screen's heading, React DOM.
 */
const APP_CODE = ["Dashboard sections", "Welcome back", "react.dev/errors"];

it("the landing's HTML arrives prerendered, with a placeholder where the configured number goes", async () => {
  const html = await (await fetch(`${inject("baseURL")}/`)).text();
  const config = (await (await fetch(`${inject("baseURL")}/api/config`)).json()) as { phoneNumber: string };
  expect(html).toContain("Just call.");
  expect(html).toContain("Loading number…");
  expect(html).not.toContain(config.phoneNumber);
});

it("a signed-out visitor on / loads no dashboard or app code, and sees the configured number", async () => {
  const page = await browser.newPage();
  const scripts: Promise<{ path: string; body: string }>[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r.text().then((body) => ({ path: new URL(r.url()).pathname, body })));
  });
  await page.goto(`${inject("baseURL")}/`);
  const config = (await page.evaluate(() => fetch("/api/config").then((r) => r.json()))) as { phoneNumber: string };
  const tel = page.locator('main a[href^="tel:"]').first();
  await tel.waitFor();
  expect(await tel.innerText()).toContain(config.phoneNumber);
  expect(await page.getByText("Loading number…").count()).toBe(0);
  await page.waitForLoadState("networkidle");
  const loaded = await Promise.all(scripts);
  expect(loaded.length).toBeGreaterThan(0); // the check sees the landing's own script
  expect(loaded.flatMap(({ path, body }) => APP_CODE.filter((text) => body.includes(text)).map((text) => `${path}: ${text}`))).toEqual([]);
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
