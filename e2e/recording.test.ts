// A call's recording in Call Details, in real Chromium against the real app (local D1 and R2): the
// player plays it, the line being heard is highlighted as the audio moves on, clicking a line seeks
// there, and the audio is fetched with range requests.
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { DESKTOP, useBrowser } from "./support/browser";
import { seedRecordedCall } from "./support/recorded-call";

const POLL = { timeout: 20_000, interval: 50 };
const browser = useBrowser();

const audioTime = (page: Page) => page.evaluate(() => document.querySelector("audio")!.currentTime);
const activeIndex = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('[data-testid="transcript-entry"]')].findIndex((li) => li.getAttribute("aria-current") === "true"));

describe("call recording player", () => {
  it("plays the recording, highlights the line being heard, and seeks when a line is clicked", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const { callId, offsets } = seedRecordedCall(me.user.id);
    expect(offsets[1]!).toBeGreaterThan(offsets[0]!);
    expect(offsets[2]!).toBeGreaterThan(offsets[1]!);
    const ranges: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(`/api/calls/${callId}/recording`)) ranges.push(r.headers().range ?? "");
    });

    // The audio's first answer is held back a moment: Play, then Pause, before any audio has arrived.
    // The browser rejects that play() with AbortError; the player stays usable, with no error.
    let held = 0;
    await page.route(`**/api/calls/${callId}/recording`, async (route) => {
      held++;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue().catch(() => {}); // the browser may have dropped the request meanwhile
    });
    await page.getByRole("tab", { name: "Calls" }).click();
    const row = page.getByRole("region", { name: "Call History" }).locator(`li[data-call-id="${callId}"]`);
    await row.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    const player = details.getByTestId("recording-player");
    await player.waitFor();
    await player.getByRole("button", { name: "Play recording" }).click();
    await player.getByRole("button", { name: "Pause recording" }).click();
    await player.getByRole("button", { name: "Play recording" }).waitFor();
    expect(held).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1600));
    expect(await player.getByRole("alert").count()).toBe(0);
    expect(await player.getByRole("button", { name: "Play recording" }).isEnabled()).toBe(true);
    await page.unroute(`**/api/calls/${callId}/recording`);
    const seek = player.getByRole("slider", { name: "Position in the recording" });
    await expect.poll(async () => Number(await seek.getAttribute("max")), POLL).toBeGreaterThan(offsets[2]!);
    expect(await activeIndex(page)).toBe(-1); // nothing heard yet

    // Play at double speed: the first line lights up, then the Echo's reply as the audio reaches it.
    await player.getByLabel("Speed").selectOption("2");
    await player.getByRole("button", { name: "Play recording" }).click();
    await player.getByRole("button", { name: "Pause recording" }).waitFor();
    await expect.poll(() => activeIndex(page), POLL).toBe(0);
    await expect.poll(() => activeIndex(page), POLL).toBe(1);
    expect(await audioTime(page)).toBeGreaterThanOrEqual(offsets[1]! - 0.1);

    // The last line's "Play from" button jumps there.
    const entries = details.getByTestId("transcript-entry");
    await entries.nth(2).getByRole("button", { name: /^Play the recording from/ }).click();
    await expect.poll(() => activeIndex(page), POLL).toBe(2);
    expect(await audioTime(page)).toBeGreaterThanOrEqual(offsets[2]! - 0.05);

    // Clicking the first line itself seeks back to its start.
    await player.getByRole("button", { name: "Pause recording" }).click();
    await entries.nth(0).locator("p").first().click();
    await expect.poll(() => activeIndex(page), POLL).toBe(0);
    expect(await audioTime(page)).toBeLessThan(offsets[1]!);

    // The browser fetched the audio with ranges (seeking a long call does not download all of it).
    expect(ranges.some((r) => r.startsWith("bytes="))).toBe(true);
  });

  it("says when the recording could not be loaded, and Play tries again", async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await signUpViaApi(page, inject("baseURL"), undefined, "/echoes");
    const me = await page.evaluate(() => fetch("/api/auth/me").then((r) => r.json() as Promise<{ user: { id: string } }>));
    const { callId } = seedRecordedCall(me.user.id);
    const recording = `**/api/calls/${callId}/recording`;
    await page.route(recording, (route) => route.abort("connectionreset")); // the network drops it
    await page.getByRole("tab", { name: "Calls" }).click();
    const row = page.getByRole("region", { name: "Call History" }).locator(`li[data-call-id="${callId}"]`);
    await row.getByRole("button", { name: "View Details" }).click();
    const player = page.getByRole("dialog", { name: "Call Details" }).getByTestId("recording-player");
    await player.getByRole("button", { name: "Play recording" }).click();
    const alert = player.getByRole("alert");
    await expect.poll(() => alert.textContent(), POLL).toBe("The recording could not be played. Press Play to try again.");
    expect(await player.getByRole("button", { name: "Play recording" }).isEnabled()).toBe(true);

    await page.unroute(recording); // the network is back
    await player.getByRole("button", { name: "Play recording" }).click();
    await player.getByRole("button", { name: "Pause recording" }).waitFor();
    await expect.poll(() => audioTime(page), POLL).toBeGreaterThan(0);
    expect(await alert.count()).toBe(0);
  });
});
