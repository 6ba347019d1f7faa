// Structure, phone layout and accessibility (issue 44 §3–4): /insights and /settings render their own
// pages (reached from the header); every page has one <h1> and a skip link; at 390×844 the header is one
// row and Start Call is visible without scrolling.
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";

const browser = useBrowser();
const SHOTS = process.env.ECHO_E2E_SHOTS; // a folder: screenshots to look at (not committed)

describe("pages", () => {
  it("/insights and /settings render their pages, reachable from the header; the tabs stay the spec's three", async () => {
    const page = await browser.newPage();
    const baseURL = inject("baseURL");
    await signUpViaApi(page, baseURL, undefined, "/insights");
    await page.getByRole("heading", { name: "Insights", level: 2 }).waitFor();
    await page.getByRole("region", { name: "Insights", exact: true }).waitFor();
    expect(await page.getByRole("heading", { name: "Calls", level: 2 }).isVisible()).toBe(false);
    expect(await page.getByRole("tab").allInnerTexts()).toEqual(["Calls", "Echoes", "Test Call"]);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Settings" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/settings");
    await page.getByRole("heading", { name: "Settings", level: 2 }).waitFor();
    await page.getByRole("region", { name: "Profile" }).waitFor();
    await page.getByRole("region", { name: "Phone", exact: true }).waitFor();
    expect(await page.getByRole("region", { name: "Insights", exact: true }).count()).toBe(0);

    // Back to a tab: the Calls tab no longer ends with Insights; it links to the page.
    await page.getByRole("tab", { name: "Calls" }).click();
    await page.getByRole("heading", { name: "Calls", level: 2 }).waitFor();
    expect(await page.getByRole("region", { name: "Insights", exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it("every page has one h1 and a skip link", async () => {
    const page = await browser.newPage();
    const baseURL = inject("baseURL");
    await page.goto(`${baseURL}/`);
    await page.locator("h1").first().waitFor();
    expect(await page.locator("h1").count()).toBe(1);
    await page.goto(`${baseURL}/?auth=true`);
    await page.getByRole("heading", { name: "Welcome back", level: 1 }).waitFor();
    expect(await page.locator("h1").count()).toBe(1);
    await signUpViaApi(page, baseURL);
    for (const path of ["/calls", "/echoes", "/test-call", "/insights", "/settings"]) {
      await page.goto(`${baseURL}${path}`);
      await page.locator("main h2:visible").first().waitFor();
      expect(await page.locator("h1").count(), path).toBe(1);
      expect(await page.getByRole("link", { name: "Skip to content" }).count(), path).toBe(1);
    }
    await page.context().close();
  });

  it("at 390×844 the header is one row and Start Call is visible without scrolling", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    const start = page.getByRole("button", { name: "Start Call" });
    await start.waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/test-call-390.png` });
    const signOut = await page.getByRole("button", { name: "Sign Out" }).boundingBox();
    const logo = await page.locator("header").first().locator("a, svg").first().boundingBox();
    expect(Math.abs(signOut!.y + signOut!.height / 2 - (logo!.y + logo!.height / 2))).toBeLessThan(12); // same row
    const box = await start.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    await page.context().close();
  });
});
