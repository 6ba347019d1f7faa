// Account security in Chromium (issue 43 §1): change password (other devices signed out), the sessions
// list with sign-out per session, sign out everywhere; the unverified-email notice and its link; forgot
// password through the emailed link. Mail goes through the Resend provider to the local stand-in.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { type Credentials, freshCredentials, signInInPage, signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";
import { mailedLink } from "./support/mail";

const browser = useBrowser();
const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function openSecurity(page: Page): Promise<void> {
  await page.goto(`${inject("baseURL")}/settings`);
  await page.getByRole("region", { name: "Account security" }).waitFor();
}

const sessionItems = (page: Page) => page.getByRole("list", { name: "Signed-in sessions" }).getByRole("listitem");

async function isSignedOut(page: Page): Promise<boolean> {
  await page.reload();
  const res = await page.evaluate(async () => (await (await fetch("/api/auth/me")).json()) as { user: unknown });
  return res.user === null;
}

describe("account security", () => {
  it("change password signs other devices out; the sessions list signs one out; sign out everywhere ends them all", async () => {
    const baseURL = inject("baseURL");
    const desk = await browser.newPage();
    const creds: Credentials = await signUpViaApi(desk, baseURL, freshCredentials("security"));
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA });
    await signInInPage(phone, baseURL, creds);

    await openSecurity(desk);
    await expect.poll(() => sessionItems(desk).count()).toBe(2);
    await sessionItems(desk).filter({ hasText: "This device" }).waitFor();
    await sessionItems(desk).filter({ hasText: "Safari on iPhone" }).waitFor();

    // Change password: a common one is refused, then a good one; the phone is signed out.
    const region = desk.getByRole("region", { name: "Account security" });
    await region.getByLabel("Current password").fill(creds.password);
    await region.getByLabel("New password").fill("password123");
    await region.getByRole("button", { name: "Change password" }).click();
    await region.getByText("This password is one of the most common ones").waitFor();
    const newPassword = `${creds.password}-changed`;
    await region.getByLabel("New password").fill(newPassword);
    await region.getByRole("button", { name: "Change password" }).click();
    await region.getByText("Your password is changed. 1 other device was signed out.").waitFor();
    await expect.poll(() => sessionItems(desk).count()).toBe(1);
    expect(await isSignedOut(phone)).toBe(true);

    // The phone signs in with the new password; the desk signs it out from the list.
    const changed = { ...creds, password: newPassword };
    await signInInPage(phone, baseURL, changed);
    await openSecurity(desk);
    await expect.poll(() => sessionItems(desk).count()).toBe(2);
    await desk.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
    await expect.poll(() => sessionItems(desk).count()).toBe(1);
    expect(await isSignedOut(phone)).toBe(true);

    // Sign out everywhere: this device goes back to the landing page, the other is signed out too.
    await signInInPage(phone, baseURL, changed);
    await openSecurity(desk);
    await desk.getByRole("button", { name: "Sign out everywhere" }).click();
    await desk.getByRole("region", { name: "Account security" }).waitFor({ state: "detached" });
    expect(await isSignedOut(desk)).toBe(true);
    expect(await isSignedOut(phone)).toBe(true);
    await desk.context().close();
    await phone.context().close();
  });

  it("an unverified account sees the notice; the emailed link verifies it and the notice goes", async () => {
    const baseURL = inject("baseURL");
    const page = await browser.newPage();
    const creds = await signUpViaApi(page, baseURL, freshCredentials("verify"));
    const notice = page.getByRole("status").filter({ hasText: "Please verify your email address" });
    await notice.waitFor();
    await notice.getByRole("button", { name: "Resend" }).click();
    await page.getByText("A new link is on its way. Check your inbox.").waitFor();
    const link = await mailedLink(creds.email, "verify-email", 2);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByText("Your email address is verified").waitFor();
    expect(new URL(page.url()).hash).toBe(""); // the token left the address bar
    await page.getByRole("link", { name: "Go to Echo" }).click();
    await page.getByText(`Welcome, ${creds.displayName}`).waitFor();
    expect(await page.getByText("Please verify your email address").count()).toBe(0);
    await page.context().close();
  });

  it("Forgot password? mails a link that sets a new password once", async () => {
    const baseURL = inject("baseURL");
    const setup = await browser.newPage();
    const creds = await signUpViaApi(setup, baseURL, freshCredentials("forgot"));
    await setup.context().close();

    const page = await browser.newPage();
    await page.goto(`${baseURL}/?auth=true`);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password", level: 1 }).waitFor();
    await page.getByLabel("Email").fill(creds.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("If an account uses this address, we've sent it a link").waitFor();
    const link = await mailedLink(creds.email, "reset-password");
    await page.goto(link.replace(/^https?:\/\/[^/]+/, baseURL));
    await page.getByRole("heading", { name: "Choose a new password", level: 1 }).waitFor();
    const fresh = `${creds.password}-reset`;
    await page.getByLabel("New password").fill(fresh);
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.getByText("Your password is changed").waitFor();
    await signInInPage(page, baseURL, { ...creds, password: fresh });
    await page.context().close();
  });
});
