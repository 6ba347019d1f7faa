// Call Details that agree with themselves (issue 44 §2), on a real test call with the starter Echo: the
// Turns figure counts the caller's turns (as the recap's "In N turns" does), each line shows one time,
// a line lists only the emotions that matter (≥ 5 %; the rest on demand), the Echo's lines show its tone
// (not "emotions" under the caller's chart), and a typed turn is marked typed with no speech-to-text time.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";

const POLL = { timeout: 45_000, interval: 250 };
const browser = useBrowser();

const liveEntries = (page: Page, speaker: "caller" | "assistant") => page.getByRole("log", { name: "Transcript" }).locator(`li[data-speaker=${speaker}]`);
const phase = (page: Page) => page.locator("section[data-call-phase]").getAttribute("data-call-phase");

describe("Call Details", () => {
  it("turn count, one time per line, the emotions that matter, the Echo's tone, typed turns", async () => {
    const page = await browser.newPage();
    await signUpViaApi(page, inject("baseURL"), undefined, "/test-call");
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("connected");
    await page.getByRole("button", { name: "Mute" }).click(); // typed turns only: the fake microphone's tone says nothing
    await expect.poll(() => liveEntries(page, "assistant").count(), POLL).toBe(1); // the greeting
    const box = page.getByLabel("Type a message");
    for (const [i, text] of ["I had a wonderful day, I am so happy", "My sister visited and we laughed a lot"].entries()) {
      await box.fill(text);
      await box.press("Enter");
      await expect.poll(() => liveEntries(page, "assistant").count(), POLL).toBe(i + 2);
    }
    await page.getByRole("button", { name: "End Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("ended");

    await page.getByRole("tab", { name: "Calls" }).click();
    const history = page.getByRole("region", { name: "Call History" });
    const row = history.locator("li[data-call-id]").first();
    await row.waitFor();
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await details.getByTestId("call-details").waitFor();
    const entries = details.getByTestId("transcript-entry");
    await expect.poll(() => entries.count(), POLL).toBe(5); // greeting + 2 × (typed line, answer)

    // Turns: the caller's two turns, not the five lines.
    const turns = details.locator("dt", { hasText: "Turns" }).locator("xpath=following-sibling::dd[1]");
    expect((await turns.innerText()).trim()).toBe("2");

    for (let i = 0; i < 5; i++) {
      const entry = entries.nth(i);
      // One time per line.
      expect(await entry.getByTestId("entry-time").count()).toBe(1);
      // No chip below 5 % is shown without asking.
      for (const chip of await entry.getByTestId("emotion-score").filter({ visible: true }).allInnerTexts()) {
        expect(Number(/([\d.]+)%/.exec(chip)![1])).toBeGreaterThanOrEqual(5);
      }
    }
    // The caller's typed lines are marked typed; the Echo's lines show its tone, and their latency names no speech-to-text.
    const callerLines = entries.filter({ hasText: "I had a wonderful day" });
    expect(await callerLines.getByText("Typed", { exact: true }).count()).toBe(1);
    expect(await details.getByRole("list", { name: "Emotions" }).count()).toBeGreaterThan(0);
    const echoLine = entries.nth(2);
    expect(await echoLine.getByRole("list", { name: /Emotions/ }).count()).toBe(0);
    const latency = echoLine.getByTestId("turn-latency");
    if (await latency.count()) expect(await latency.innerText()).not.toContain("transcribe");
    await page.context().close();
  });
});
