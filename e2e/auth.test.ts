// What a newcomer does, in real Chromium against the real app (vite dev: Worker + D1).
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { CLOSE_PROTOCOL_VERSION } from "../protocol/version";
import { freshCredentials, signInInPage, signUpViaApi, waitForDashboard } from "./support/auth";
import { useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";

const browser = useBrowser();
const baseURL = inject("baseURL");
const SHOTS = process.env.E2E_SCREENSHOTS ?? "/tmp";

function newPage(viewport = { width: 1280, height: 860 }): Promise<Page> {
  return browser.newPage({ viewport });
}

describe("newcomer journey", () => {
  it("landing → Sign In → Sign Up (short password refused) → dashboard → Sign Out → Sign In again", async () => {
    const page = await newPage();
    const creds = freshCredentials("newcomer");

    await page.goto(baseURL);
    await page.getByRole("heading", { level: 1 }).waitFor();
    for (const feature of ["Real-time voice", "Emotional AI", "Live transcription", "Join live calls"]) {
      await expect.poll(() => page.getByRole("heading", { name: feature }).count()).toBe(1);
    }
    const config = (await page.evaluate(() => fetch("/api/config").then((r) => r.json()))) as { phoneNumber: string };
    const tel = page.locator(`a[href^="tel:"]`).first();
    expect(await tel.getAttribute("href")).toBe(`tel:${config.phoneNumber.replace(/[^\d+]/g, "")}`);
    expect(await tel.innerText()).toContain(config.phoneNumber);
    await page.screenshot({ path: `${SHOTS}/echo-landing-desktop.png`, fullPage: true });

    await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { name: "Welcome back" }).waitFor();
    expect(new URL(page.url()).searchParams.get("auth")).toBe("true");
    expect(await page.getByLabel("Full Name").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Continue with Google" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/");

    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("Full Name").fill(creds.displayName);
    await page.getByLabel("Email").fill(creds.email);
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("Password should be at least 6 characters.").waitFor();
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBe("true");
    await page.screenshot({ path: `${SHOTS}/echo-auth-error-desktop.png` });

    await page.getByLabel("Password").fill(creds.password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await waitForDashboard(page, creds);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByRole("tab", { name: "Calls" }).getAttribute("aria-selected")).toBe("true");
    expect(await page.getByText("AI: offline mode").isVisible()).toBe(true);
    expect(await page.locator(`header a[href^="tel:"]`).count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/echo-dashboard-desktop.png` });

    // Still signed in after a reload (the cookie session).
    await page.reload();
    await waitForDashboard(page, creds);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).waitFor();
    expect(await page.getByText(`Welcome, ${creds.displayName}`).count()).toBe(0);
    expect(await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json()))).toEqual({ user: null });

    await signInInPage(page, baseURL, creds);
    await page.context().close();
  });

  it("a session ended in another tab sends this tab back to the landing page at its next request", async () => {
    const page = await newPage();
    const creds = await signUpViaApi(page, baseURL, freshCredentials("two-tabs"));
    const other = await page.context().newPage();
    await other.goto(baseURL);
    await waitForDashboard(other, creds);
    await other.getByRole("button", { name: "Sign Out" }).click();
    await other.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).waitFor();

    await page.getByRole("tab", { name: "Echoes" }).click(); // loads the Echoes: refused, no session
    await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).waitFor();
    expect(await page.getByText(`Welcome, ${creds.displayName}`).count()).toBe(0);
    await page.context().close();
  });

  it("signing out in another tab closes this tab's live updates, and this tab goes back to the landing page by itself", async () => {
    const page = await newPage();
    const feedClosed = new Promise<void>((resolve) => {
      page.on("websocket", (ws) => {
        if (ws.url().includes("/ws/feed")) ws.on("close", () => resolve());
      });
    });
    const creds = await signUpViaApi(page, baseURL, freshCredentials("sign-out-feed"));
    await waitForDashboard(page, creds);
    const other = await page.context().newPage();
    await other.goto(baseURL);
    await waitForDashboard(other, creds);
    await other.getByRole("button", { name: "Sign Out" }).click();
    await other.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).waitFor();

    await feedClosed;
    await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).waitFor({ timeout: 10_000 }); // no click, no request of its own
    expect(await page.getByText(`Welcome, ${creds.displayName}`).count()).toBe(0);
    await page.context().close();
  });

  it("says when the dashboard's live updates stop because the page is out of date, with a Reload button", async () => {
    const page = await newPage();
    await page.routeWebSocket(/\/ws\/feed(\?|$)/, (ws) => ws.close({ code: CLOSE_PROTOCOL_VERSION, reason: "This page is out of date. Reload the page." }));
    const creds = await signUpViaApi(page, baseURL, freshCredentials("outdated"));
    await waitForDashboard(page, creds);
    const notice = page.getByRole("status").filter({ hasText: "This page is out of date. Reload the page." });
    await notice.waitFor();
    expect(await notice.getByRole("button", { name: "Reload" }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows the spec's messages for a wrong password and an unknown email", async () => {
    const page = await newPage();
    const creds = freshCredentials("mistakes");
    await page.goto(baseURL);
    const status = await page.evaluate(
      (body) => fetch("/api/auth/sign-up", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.status),
      creds,
    );
    expect(status).toBe(201);
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));

    await page.goto(`${baseURL}/?auth=true`);
    await page.getByLabel("Email").fill(creds.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Incorrect password." }).waitFor();

    await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "No account found with this email address." }).waitFor();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.context().close();
  });
});

describe("Google sign-in (popup, against the local OIDC provider started by e2e/support/global-setup.ts)", () => {
  async function continueWithGoogle(page: Page) {
    const button = page.getByRole("button", { name: "Continue with Google" });
    // Once /api/config has loaded, the button is either enabled or explains why not.
    await button.and(page.locator(":enabled")).or(page.getByText("Google sign-in is not configured")).first().waitFor();
    if (await button.isDisabled()) {
      throw new Error("Google sign-in is not configured in the e2e server: a local .dev.vars file hides the test's GOOGLE_* settings from wrangler.");
    }
    const [popup] = await Promise.all([page.waitForEvent("popup"), button.click()]);
    // The callback page tells this window and closes itself.
    if (!popup.isClosed()) await popup.waitForEvent("close", { timeout: 20_000 });
  }

  it("signs in through the popup, creates the profile with Google's photo, and finds the same account next time", async () => {
    const page = await newPage();
    await page.goto(`${baseURL}/?auth=true`);
    await continueWithGoogle(page);
    await page.getByText("Welcome, Gina Google").waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    const first = (await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json()))) as { user: { id: string; email: string; photoURL: string | null } };
    expect(first.user.email).toBe("gina.google@example.com");
    expect(first.user.photoURL).toMatch(/^data:image\/svg\+xml/);
    expect(await page.locator("header img").getAttribute("src")).toBe(first.user.photoURL);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true }).click();
    await continueWithGoogle(page);
    await page.getByText("Welcome, Gina Google").waitFor();
    const second = (await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json()))) as { user: { id: string } };
    expect(second.user.id).toBe(first.user.id);
    await page.context().close();
  });
});

describe("dashboard tabs", () => {
  it("fit a small phone with long Echo names: Calls (Insights' filters) and Test Call (its controls)", async () => {
    const page = await newPage({ width: 320, height: 700 });
    const creds = await signUpViaApi(page, baseURL, freshCredentials("narrow"));
    await createEchoViaApi(page, { name: "Professor Bartholomew Quillfeather the Third", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" });
    await page.reload();
    await waitForDashboard(page, creds);
    await page.goto(`${baseURL}/insights`); // Insights' filters, on their own page
    await page.getByRole("option", { name: "Professor Bartholomew Quillfeather the Third" }).waitFor({ state: "attached" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.goto(`${baseURL}/`);
    await waitForDashboard(page, creds);

    await page.getByRole("tab", { name: "Test Call" }).click();
    const start = page.getByRole("button", { name: "Start Call" });
    const end = page.getByRole("button", { name: "End Call" });
    await start.waitFor();
    const [a, b] = [(await start.boundingBox())!, (await end.boundingBox())!];
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    expect(a.x + a.width).toBeLessThanOrEqual(320);
    expect(b.x + b.width).toBeLessThanOrEqual(320);
    // The volume slider keeps a width a thumb can use (it wraps to a line of its own rather than shrink).
    const slider = (await page.getByRole("slider", { name: "Volume" }).boundingBox())!;
    expect(slider.width).toBeGreaterThanOrEqual(120);
    expect(slider.x + slider.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("are addressable, keyboard-operable, and fit a phone", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto(baseURL);
    await page.locator(`main a[href^="tel:"]`).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/echo-landing-phone.png`, fullPage: true });
    await page.goto(`${baseURL}/?auth=true&mode=signup`);
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.screenshot({ path: `${SHOTS}/echo-auth-phone.png` });

    const creds = freshCredentials("tabs");
    await page.getByLabel("Full Name").fill(creds.displayName);
    await page.getByLabel("Email").fill(creds.email);
    await page.getByLabel("Password").fill(creds.password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await waitForDashboard(page, creds);
    await page.screenshot({ path: `${SHOTS}/echo-dashboard-phone.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.getByRole("tab", { name: "Echoes" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/echoes");
    // The URL changes before React commits the new tab: wait for the tab itself.
    await expect.poll(() => page.getByRole("tab", { name: "Echoes" }).getAttribute("aria-selected")).toBe("true");

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/test-call");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Test Call");
    await page.keyboard.press("Home");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/calls");

    await page.goto(`${baseURL}/echoes`);
    await waitForDashboard(page, creds);
    await expect.poll(() => page.getByRole("tab", { name: "Echoes" }).getAttribute("aria-selected")).toBe("true");
    const panel = page.getByRole("tabpanel");
    expect(await panel.getAttribute("aria-labelledby")).toBe(await page.getByRole("tab", { name: "Echoes" }).getAttribute("id"));

    await page.goBack();
    // The page's load event no longer waits for the app (index.html loads only web/boot.ts, which
    // then loads the app): wait for the dashboard as after page.goto above.
    await waitForDashboard(page, creds);
    await expect.poll(async () => page.getByRole("tab", { name: "Calls" }).getAttribute("aria-selected")).toBe("true");
    await page.context().close();
  });
});
