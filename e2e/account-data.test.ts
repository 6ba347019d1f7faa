// What a person can take away or erase (issue 43 §2), in Chromium: "Download all my data" downloads one
// zip of the account; deleting an Echo says its calls stay; "Delete account", confirmed with the
// password, deletes it and ends the session (the app is signed out, the old session answers nobody).
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, inject, it } from "vitest";
import type { DemoData } from "../scripts/seed/demo";
import { demoSql, runLocalSql } from "../scripts/seed/sql";
import { signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";

const browser = useBrowser();

/** One ended phone call of `userId`, written to the app's local D1 as the seed does. */
function seedCall(userId: string): string {
  const callId = `e2e-delete-${userId.slice(0, 8)}`;
  const startTime = Date.now() - 3_600_000;
  const data: DemoData = {
    echoes: [],
    calls: [{ id: callId, echoId: null, callType: "phone", status: "completed", startTime, endTime: startTime + 30_000, duration: 30, fromNumber: "+15550143434", endReason: "caller_hung_up" }],
    summaries: [],
    entries: [{ id: `${callId}-0`, callId, seq: 0, speaker: "caller", text: "Please forget this call.", timestamp: startTime + 2000, emotions: { calm: 1 }, interrupted: false, latency: null }],
  };
  runLocalSql(demoSql(userId, data, { echoes: false }), inject("stateDir"));
  return callId;
}

describe("your data", () => {
  it("Call Details' Delete call asks first, then the call is gone from the history", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signUpViaApi(page, inject("baseURL"), undefined, "/calls");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const callId = seedCall(me.user.id);
    await page.reload();
    const row = page.getByRole("region", { name: "Call History" }).locator(`li[data-call-id="${callId}"]`);
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await details.getByTestId("call-details").waitFor();
    await details.getByText("Nobody: only you can see this call.").waitFor();
    await details.getByRole("button", { name: "Delete call" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this call?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await details.getByRole("button", { name: "Delete call" }).click();
    await confirm.getByRole("button", { name: "Delete call" }).click();
    await details.waitFor({ state: "hidden" });
    await row.waitFor({ state: "detached" });
    const status = await page.evaluate(async (id) => (await fetch(`/api/calls/${id}`)).status, callId);
    expect(status).toBe(404);
    await page.context().close();
  });

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
    await page.getByRole("button", { name: "Sign Out", exact: true }).waitFor({ state: "detached", timeout: 20_000 });
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
