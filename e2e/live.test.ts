// Live calls end to end in real Chromium against the real app: the owner starts a Test Call and
// invites a second user by email; that user sees it appear in Live Calls (no reload), joins with the
// spec's texts, watches the transcript arrive live, listens; the owner takes the invitation back and
// gives it again; and the call ending removes it everywhere.
import { resolve } from "node:path";
import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freshCredentials, signUpViaApi } from "./support/auth";
import { collectDialogs, PHONE, useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";
import { verifyEmailViaMail } from "./support/mail";
import type { TranscriptEntry } from "../protocol/call-messages";
import type { AiEngines } from "../protocol/engines";
import type { LiveCallSummary, ViewerServerMessage } from "../protocol/live";

const SPEECH_WAV = resolve(import.meta.dirname, "fixtures/speech.wav");
const POLL = { timeout: 45_000, interval: 250 };

const browser = useBrowser({ fakeAudioWav: SPEECH_WAV });

const liveList = (page: Page) => page.getByRole("region", { name: "Live Calls" });
const liveItems = (page: Page) => liveList(page).locator("li[data-live-call-id]");
const testCallEntries = (page: Page, speaker: "caller" | "assistant") =>
  page.getByRole("log", { name: "Transcript" }).locator(`li[data-speaker=${speaker}]`);

async function typeToEcho(owner: Page, text: string): Promise<void> {
  await owner.getByRole("tab", { name: "Test Call" }).click();
  const before = await testCallEntries(owner, "assistant").count();
  const box = owner.getByLabel("Type a message");
  await box.fill(text);
  await box.press("Enter");
  await expect.poll(() => testCallEntries(owner, "caller").filter({ hasText: text }).count(), POLL).toBe(1);
  await expect.poll(() => testCallEntries(owner, "assistant").count(), POLL).toBeGreaterThan(before);
}

/**
 * A signed-up user with one live call ("Scrolly", 30 entries so far) whose list and viewer socket are
 * played by the test, so entries arrive exactly when it says (`send`).
 */
async function playLiveCall(page: Page, tag: string) {
  const startTime = Date.now() - 60_000;
  const callId = "e2e-played-call";
  const summary: LiveCallSummary = { id: callId, role: "owner", ownerName: "Me", myJoinedAt: null, participants: [], callType: "browser_test", startTime, fromNumber: null, echoName: "Scrolly", safetyAlert: null };
  const entry = (seq: number): TranscriptEntry => ({
    id: `e${seq}`,
    seq,
    speaker: seq % 2 === 0 ? "caller" : "assistant",
    text: `Line ${seq}: a sentence long enough to take a little room in the transcript of this call.`,
    timestamp: startTime + seq * 1000,
    emotions: {},
  });
  let engines: AiEngines | undefined;
  let viewer: WebSocketRoute | undefined;
  const send = (m: ViewerServerMessage) => viewer?.send(JSON.stringify(m));
  await page.route("**/api/live-calls", (route) => route.fulfill({ json: { calls: [summary] } }));
  await page.routeWebSocket(/\/ws\/live\//, (ws) => {
    viewer = ws;
    ws.onMessage((m) => {
      if (m === '{"type":"ping"}') ws.send('{"type":"pong"}');
      if (m === '{"type":"listen","on":true}') ws.send('{"type":"listening","on":true}');
    });
    if (!engines) throw new Error("no engines yet");
    const call = { callId, callType: "browser_test", echoName: "Scrolly", provider: "offline", engines, fromNumber: null, startTime, phase: "active", endTime: null, status: null, endReason: null } as const;
    send({ type: "live_snapshot", call, entries: Array.from({ length: 30 }, (_, i) => entry(i)) });
  });
  await signUpViaApi(page, inject("baseURL"), freshCredentials(tag));
  engines = (await page.evaluate(() => fetch("/api/config").then((r) => r.json() as Promise<{ aiEngines: AiEngines }>))).aiEngines;
  return { send, entry };
}

describe("Live Calls", () => {
  it("invite, see it appear, join, watch live with emotions, listen, be removed and invited again, and see it go when the call ends", { timeout: 240_000 }, async () => {
    const base = inject("baseURL");
    const owner = await browser.newPage();
    const guest = await browser.newPage({ viewport: PHONE });
    const guestCreds = freshCredentials("guest");
    await signUpViaApi(owner, base, freshCredentials("owner"));
    await signUpViaApi(guest, base, guestCreds);
    await verifyEmailViaMail(guest, guestCreds.email); // only verified addresses can be invited
    await createEchoViaApi(owner, { name: "Marlowe", description: "Friendly live-call companion", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" });
    const alerts = collectDialogs(guest, "accept");

    // Nothing live yet, for either.
    await liveList(guest).getByText("No live calls right now").waitFor();

    // The owner starts a Test Call and says something.
    await owner.getByRole("tab", { name: "Test Call" }).click();
    const picker = owner.getByRole("combobox", { name: "Echo", exact: true });
    await picker.waitFor();
    await expect.poll(() => picker.locator("option", { hasText: "Marlowe" }).count(), POLL).toBe(1);
    await picker.selectOption({ label: "Marlowe" });
    await owner.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => owner.locator("section[data-call-phase]").getAttribute("data-call-phase"), POLL).toBe("connected");
    await typeToEcho(owner, "Good evening, I had a wonderful day at the beach.");

    // Their Live Calls list shows it, labelled Live, with Join Call and View Transcript (and Invite).
    await owner.getByRole("tab", { name: "Calls" }).click();
    await expect.poll(() => liveItems(owner).count(), POLL).toBe(1);
    const mine = liveItems(owner).first();
    expect(await mine.innerText()).toMatch(/Live[\s\S]*Marlowe · Browser test[\s\S]*Your call/);
    await mine.getByRole("button", { name: "Join Call" }).waitFor();
    await mine.getByRole("button", { name: "View Transcript" }).waitFor();
    expect(await liveItems(guest).count()).toBe(0); // not invited yet

    // Invite: an unknown address is refused clearly; the guest's address works.
    await mine.getByRole("button", { name: "Invite" }).click();
    const invite = owner.getByRole("dialog", { name: "Invite to live call" });
    await invite.getByLabel("Email").fill("nobody-at-all@example.com");
    await invite.getByRole("button", { name: "Send Invite" }).click();
    await expect.poll(() => invite.innerText(), POLL).toContain("No account found with this email address.");
    await invite.getByLabel("Email").fill(guestCreds.email);
    await invite.getByRole("button", { name: "Send Invite" }).click();
    await expect.poll(() => invite.innerText(), POLL).toContain("can now watch this call");
    await invite.getByRole("button", { name: "Close", exact: true }).last().click();

    // The guest sees it appear on its own.
    await expect.poll(() => liveItems(guest).count(), POLL).toBe(1);
    const theirs = liveItems(guest).first();
    expect(await theirs.innerText()).toMatch(/Live[\s\S]*Marlowe[\s\S]*Shared by/);

    // Join Call, exactly as the spec says: no microphone support, a refused microphone, then success.
    const join = theirs.getByRole("button", { name: "Join Call" });
    await guest.evaluate(() => Object.defineProperty(navigator.mediaDevices, "getUserMedia", { value: undefined, configurable: true }));
    await join.click();
    await expect.poll(() => alerts.at(-1), POLL).toBe("Your browser does not support microphone access");
    await guest.evaluate(() =>
      Object.defineProperty(navigator.mediaDevices, "getUserMedia", { value: () => Promise.reject(new DOMException("Permission denied", "NotAllowedError")), configurable: true }),
    );
    await join.click();
    await expect.poll(() => alerts.at(-1), POLL).toBe("Failed to access microphone. Please check permissions.");
    await guest.evaluate(() => delete (navigator.mediaDevices as { getUserMedia?: unknown }).getUserMedia);
    await join.click();
    await expect.poll(() => alerts.at(-1), POLL).toBe("Call joining feature coming soon! For now, you can view the live transcript.");
    await expect.poll(() => theirs.innerText(), POLL).toContain("Joined");

    // View Transcript: the backlog first…
    await theirs.getByRole("button", { name: "View Transcript" }).click();
    const modal = guest.getByRole("dialog", { name: "Live transcript" });
    const log = modal.getByRole("log", { name: "Live transcript" });
    await expect.poll(() => log.innerText(), POLL).toContain("wonderful day at the beach");
    await expect.poll(() => modal.locator("[data-viewer-status]").getAttribute("data-viewer-status"), POLL).toBe("live");
    const shown = await log.locator("[data-testid=transcript-entry]").count();

    // …then Listen, and new words as they are spoken, with emotions as one-decimal percents.
    await modal.getByRole("button", { name: "Listen" }).click();
    expect(await modal.getByRole("button", { name: "Stop Listening" }).getAttribute("aria-pressed")).toBe("true");
    await typeToEcho(owner, "Honestly I feel so happy and grateful tonight.");
    await expect.poll(() => log.innerText(), POLL).toContain("happy and grateful tonight");
    await expect.poll(() => log.locator("[data-testid=transcript-entry]").count(), POLL).toBeGreaterThan(shown + 1);
    await expect.poll(() => log.getByRole("list", { name: "Emotions" }).first().innerText(), POLL).toMatch(/\d+\.\d%/);
    await expect.poll(async () => Number(await modal.locator("[data-listen-seconds]").getAttribute("data-listen-seconds")), POLL).toBeGreaterThan(0.2);
    const volume = modal.getByRole("slider", { name: "Listen volume" });
    expect(await volume.inputValue()).toBe("80");
    await volume.focus();
    await guest.keyboard.press("ArrowLeft");
    expect(await volume.inputValue()).toBe("79");
    await guest.screenshot({ path: "/tmp/live-e2e-guest.png", fullPage: true });

    // The owner takes the invitation back: the guest's open transcript says so and the call leaves
    // their list. Invited again, they see it come back and watch again.
    await owner.getByRole("tab", { name: "Calls" }).click();
    await liveItems(owner).first().getByRole("button", { name: "Invite" }).click();
    const people = owner.getByRole("dialog", { name: "Invite to live call" });
    await people.getByRole("button", { name: /^Remove / }).click();
    await expect.poll(() => people.innerText(), POLL).toContain("can no longer watch this call");
    await expect.poll(() => people.getByRole("list", { name: "Invited people" }).count(), POLL).toBe(0);
    expect(await people.getByLabel("Email").evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => modal.locator("[data-viewer-status]").getAttribute("data-viewer-status"), POLL).toBe("failed");
    expect(await modal.innerText()).toContain("This call is no longer shared with you.");
    await expect.poll(() => liveItems(guest).count(), POLL).toBe(0);
    await modal.getByRole("button", { name: "Close" }).first().click();
    await people.getByLabel("Email").fill(guestCreds.email);
    await people.getByRole("button", { name: "Send Invite" }).click();
    await expect.poll(() => liveItems(guest).count(), POLL).toBe(1);
    await people.getByRole("button", { name: "Close", exact: true }).last().click();
    await liveItems(guest).first().getByRole("button", { name: "View Transcript" }).click();
    await expect.poll(() => modal.locator("[data-viewer-status]").getAttribute("data-viewer-status"), POLL).toBe("live");

    // The owner ends the call: it leaves both lists, and the open transcript says so.
    await owner.getByRole("tab", { name: "Test Call" }).click();
    await owner.getByRole("button", { name: "End Call" }).click();
    await expect.poll(() => modal.locator("[data-viewer-status]").getAttribute("data-viewer-status"), POLL).toBe("ended");
    expect(await modal.innerText()).toContain("Call ended");
    await expect.poll(() => liveItems(guest).count(), POLL).toBe(0);
    await modal.getByRole("button", { name: "Close" }).click();
    await liveList(guest).getByText("No live calls right now").waitFor();
    await owner.getByRole("tab", { name: "Calls" }).click();
    await expect.poll(() => liveItems(owner).count(), POLL).toBe(0);
    expect(await liveList(owner).innerText()).toContain("No live calls right now");
    await owner.context().close();
    await guest.context().close();
  });

  it("View Transcript follows new words only while the reader is at the bottom, and scrolls from the keyboard", async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 700 } });
    const { send, entry } = await playLiveCall(page, "reader");

    await liveItems(page).first().getByRole("button", { name: "View Transcript" }).click();
    const modal = page.getByRole("dialog", { name: "Live transcript" });
    const log = modal.getByRole("log", { name: "Live transcript" });
    await expect.poll(() => log.innerText(), POLL).toContain("Line 29");
    const scroller = modal.locator("div:has(> [role=log])");
    const pos = () => scroller.evaluate((el) => ({ top: el.scrollTop, fromBottom: el.scrollHeight - el.scrollTop - el.clientHeight }));
    expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight * 2)).toBe(true);
    await expect.poll(async () => (await pos()).fromBottom, POLL).toBeLessThan(2); // the snapshot: at its end

    // The reader scrolls up to read; a new entry does not pull the list away from what they read.
    await scroller.hover();
    await page.mouse.wheel(0, -20_000);
    await expect.poll(async () => (await pos()).top, POLL).toBe(0);
    send({ type: "live_entry", entry: entry(30), at: Date.now() });
    await expect.poll(() => log.innerText(), POLL).toContain("Line 30");
    await page.waitForTimeout(300);
    expect((await pos()).top).toBe(0);

    // The transcript takes keyboard focus; End goes back to the bottom, and it follows again.
    expect(await scroller.getAttribute("tabindex")).toBe("0");
    await scroller.focus();
    await page.keyboard.press("End");
    await expect.poll(async () => (await pos()).fromBottom, POLL).toBeLessThan(2);
    send({ type: "live_entry", entry: entry(31), at: Date.now() });
    await expect.poll(() => log.innerText(), POLL).toContain("Line 31");
    await expect.poll(async () => (await pos()).fromBottom, POLL).toBeLessThan(2);
    await page.context().close();
  });

  it("the Live badge's dot pulses only for a reader who has not asked the system for reduced motion", async () => {
    const page = await browser.newPage(); // reduced motion (e2e/support/browser.ts)
    await playLiveCall(page, "motion");
    const badge = liveItems(page).first().getByText("Live", { exact: true });
    const dotAnimations = () => badge.evaluate((el) => el.getAnimations({ subtree: true }).length);
    expect(await dotAnimations()).toBe(0);
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await expect.poll(dotAnimations, POLL).toBe(1);
    await page.context().close();
  });

  it("Listen asks iOS for a playback audio session (not muted by the silent switch), and gives it back", async () => {
    const page = await browser.newPage();
    await playLiveCall(page, "ios");
    // Safari's Audio Session API, played in Chromium: which type the page's audio had when its context was made.
    await page.evaluate(() => {
      const session = { type: "auto" };
      const typesAtContext: string[] = [];
      Object.defineProperty(navigator, "audioSession", { value: session, configurable: true });
      Object.assign(window, { __typesAtContext: typesAtContext });
      const Context = window.AudioContext;
      window.AudioContext = class extends Context {
        constructor(options?: AudioContextOptions) {
          super(options);
          typesAtContext.push(session.type);
        }
      };
    });
    const sessionType = () => page.evaluate(() => (navigator as unknown as { audioSession: { type: string } }).audioSession.type);
    await liveItems(page).first().getByRole("button", { name: "View Transcript" }).click();
    const modal = page.getByRole("dialog", { name: "Live transcript" });
    await expect.poll(() => modal.locator("[data-viewer-status]").getAttribute("data-viewer-status"), POLL).toBe("live");
    await modal.getByRole("button", { name: "Listen" }).click();
    await modal.getByRole("button", { name: "Stop Listening" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __typesAtContext: string[] }).__typesAtContext)).toEqual(["playback"]);
    expect(await sessionType()).toBe("playback");
    await modal.getByRole("button", { name: "Stop Listening" }).click();
    await expect.poll(sessionType, POLL).toBe("auto");
    await page.context().close();
  });
});
