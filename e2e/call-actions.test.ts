// Asking the Echo to do something in a browser test call, in real Chromium against the real app: the
// caller types "call me back tomorrow at 8…"; the account has no linked number, so the Echo keeps the
// callback until there is one and says so; the transcript shows the action line under its words, the
// same line is in Call Details after the call, and Settings → Callbacks lists it, where it is cancelled.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";

const POLL = { timeout: 45_000, interval: 250 };
const browser = useBrowser();
const phase = (page: Page) => page.locator("section[data-call-phase]").getAttribute("data-call-phase");

describe("actions in a test call", () => {
  it("a callback asked for in a test call: its answer, its action line (live and in Call Details), and Settings lists it and cancels it", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("connected");
    await page.getByRole("button", { name: "Mute" }).click(); // typed turns only: the fake microphone's tone says nothing

    const box = page.getByLabel("Type a message");
    await box.fill("Call me back tomorrow at 8 to practise my speech.");
    await box.press("Enter");
    const transcript = page.getByRole("log", { name: "Transcript" });
    const line = transcript.locator('[data-testid="action-line"]');
    await expect.poll(() => line.count(), POLL).toBe(1);
    expect(await line.getAttribute("data-action")).toBe("schedule_callback");
    expect(await line.innerText()).toContain("waiting for a linked number");
    const reply = transcript.locator("li[data-speaker=assistant]", { has: page.locator('[data-testid="action-line"]') });
    expect(await reply.innerText()).toMatch(/I'll call you tomorrow at 8:00 .*once you've linked your phone number/);

    await page.getByRole("button", { name: "End Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("ended");
    await page.getByRole("tab", { name: "Calls" }).click();
    const row = page.getByRole("region", { name: "Call History" }).locator("li[data-call-id]").first();
    await row.waitFor();
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await details.getByTestId("call-details").waitFor();
    const actions = details.getByRole("list", { name: "Actions" });
    await expect.poll(() => actions.count(), POLL).toBe(1);
    expect(await actions.innerText()).toContain("(waiting for a linked number)");

    // Settings → Callbacks: the callback waits for a number; Cancel moves it to Past.
    await page.goto(`${inject("baseURL")}/settings`);
    const region = page.getByRole("region", { name: "Callbacks" });
    const item = region.getByRole("region", { name: "Upcoming" }).getByRole("listitem");
    await item.getByText(/practi[sc]e/).waitFor();
    await item.getByRole("button", { name: /^Cancel the callback at / }).click();
    await region.getByRole("region", { name: "Past" }).getByRole("listitem").getByText("Cancelled", { exact: true }).waitFor();
    await page.close();
  });
});
