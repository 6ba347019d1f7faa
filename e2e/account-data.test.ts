// What a person can take away or erase (issue 43 §2), in Chromium: "Download all my data" downloads one
// zip of the account; deleting an Echo says its calls stay; "Delete account", confirmed with the
// password, deletes it and ends the session (the app is signed out, the old session answers nobody).
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("your data", () => {
  it("downloads everything as one zip, deletes an Echo, then deletes the account and ends the session", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const baseURL = inject("baseURL");
    const creds = await signUpViaApi(page, baseURL, undefined, "/settings");
    const section = page.getByRole("region", { name: "Your data" });
    await section.waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download all my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^echo-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    expect(JSON.parse(strFromU8(files["profile.json"]!))).toMatchObject({ profile: { email: creds.email, displayName: creds.displayName } });
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["echoes.json", "README.txt"]));

    // The starter Echo: its dialog says what happens to its calls.
    await page.goto(`${baseURL}/echoes`);
    await page.getByRole("button", { name: "Delete Echo" }).click();
    const echoDialog = page.getByRole("dialog", { name: "Delete Echo?" });
    await echoDialog.getByText("Its calls stay in your Call History").waitFor();
    await echoDialog.getByRole("button", { name: "Delete Echo" }).click();
    await echoDialog.waitFor({ state: "hidden" });
    await expect.poll(() => page.locator("[data-echo-id]").count()).toBe(0);

    await page.goto(`${baseURL}/settings`);
    await section.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Delete account" }).click();
    await dialog.getByText("Incorrect password.").waitFor();
    await dialog.getByLabel("Your password").fill(creds.password);
    await dialog.getByRole("button", { name: "Delete account" }).click();
    // Signed out: the app leaves the dashboard, and the session cookie answers nobody.
    await page.getByRole("button", { name: "Sign Out" }).waitFor({ state: "detached", timeout: 20_000 });
    const me = await page.evaluate(async () => (await fetch("/api/auth/me")).json());
    expect(me).toEqual({ user: null });
    const signIn = await page.evaluate(async (body) => (await fetch("/api/auth/sign-in", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).status, {
      email: creds.email,
      password: creds.password,
    });
    expect(signIn).toBe(404); // no such account any more
    await page.context().close();
  });
});
