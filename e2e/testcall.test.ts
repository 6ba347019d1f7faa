// The browser test call, end to end in real Chromium against the real app (Worker, CallSession,
// D1) with a fake microphone that speaks e2e/fixtures/speech.wav on a loop.
import { resolve } from "node:path";
import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freshCredentials, signUpInPage, signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";
import { createEchoViaApi, withoutStarterEcho } from "./support/echoes";

const SPEECH_WAV = resolve(import.meta.dirname, "fixtures/speech.wav");
const POLL = { timeout: 45_000, interval: 250 };

const browser = useBrowser({ fakeAudioWav: SPEECH_WAV });

/** Creates an Echo through the Echoes tab, as a person would. */
async function createEchoInUi(page: Page, name: string): Promise<void> {
  await page.getByRole("tab", { name: "Echoes" }).click();
  await page.getByRole("button", { name: "Create New Echo" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Echo" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("Cheerful test companion");
  await dialog.getByLabel("Personality").selectOption("witty");
  await dialog.getByRole("button", { name: "Create Echo" }).click();
  await dialog.waitFor({ state: "detached" });
}

async function openTestCall(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Test Call" }).click();
  await page.getByRole("heading", { name: "Test Call", level: 2 }).waitFor();
}

const section = (page: Page) => page.locator("section[data-call-phase]");
const attr = (page: Page, name: string) => section(page).getAttribute(name);
const entries = (page: Page, speaker: "caller" | "assistant") => page.getByRole("log", { name: "Transcript" }).locator(`li[data-speaker=${speaker}]`);

describe("Test Call tab", () => {
  it("calls an Echo with the microphone, hears it, types to it, and finds the call in the history", async () => {
    const page = await browser.newPage();
    await signUpInPage(page, inject("baseURL"), freshCredentials("caller"));
    await createEchoInUi(page, "Sunny");
    await openTestCall(page);

    const start = page.getByRole("button", { name: "Start Call" });
    const end = page.getByRole("button", { name: "End Call" });
    const mute = page.getByRole("button", { name: "Mute" });
    const volume = page.getByRole("slider", { name: "Volume" });
    const picker = page.getByRole("combobox", { name: "Echo", exact: true });

    // Ready: Start needs a chosen Echo; Mute and volume wait for a call; volume defaults to 80.
    await picker.waitFor();
    expect(await start.isDisabled()).toBe(true);
    expect(await mute.isDisabled()).toBe(true);
    expect(await volume.isDisabled()).toBe(true);
    expect(await volume.inputValue()).toBe("80");
    await picker.selectOption({ label: "Sunny" });
    expect(await start.isEnabled()).toBe(true);

    await start.click();
    await expect.poll(() => attr(page, "data-call-phase"), POLL).toBe("connected");
    expect(await picker.isDisabled()).toBe(true);
    expect(await mute.isEnabled()).toBe(true);
    expect(await volume.isEnabled()).toBe(true);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Connected to Sunny" }).count(), POLL).toBe(1);
    // The tab names the engine of each stage, as the call reported it (this app runs the embedded engine).
    const engines = page.getByTestId("ai-engines");
    expect(await engines.innerText()).toMatch(/^AI: .+ · rule-based replies · .+/);
    expect(await engines.getAttribute("title")).toMatch(/^Speech-to-text: .+ · Replies: rule-based replies · Voice: .+ · Emotions: .+ · End of turn: .+/);

    // The spoken WAV becomes a caller entry, the Echo answers, and its voice actually plays.
    await expect.poll(() => entries(page, "caller").count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => entries(page, "assistant").count(), POLL).toBeGreaterThan(0);
    expect((await entries(page, "assistant").first().innerText()).trim().length).toBeGreaterThan(10);
    await expect.poll(async () => Number(await attr(page, "data-playback-played")), POLL).toBeGreaterThan(0);
    expect(Number(await attr(page, "data-playback-seconds"))).toBeGreaterThan(0.2);
    // The audio that reached the output was not silence.
    await expect.poll(async () => Number(await page.locator("canvas").getAttribute("data-output-peak")), POLL).toBeGreaterThan(0.005);
    // Caller entries carry emotion chips, shown as a percent with one decimal.
    await expect.poll(() => page.getByRole("list", { name: "Emotions" }).first().innerText(), POLL).toMatch(/\d+\.\d%/);

    // Mute, then talk in words.
    await mute.click();
    expect(await mute.getAttribute("aria-pressed")).toBe("true");
    await volume.focus();
    await page.keyboard.press("ArrowLeft");
    expect(await volume.inputValue()).toBe("79");
    const assistantBefore = await entries(page, "assistant").count();
    const box = page.getByLabel("Type a message");
    await box.fill("What would you recommend for a relaxing evening?");
    await box.press("Enter");
    await expect.poll(() => entries(page, "caller").filter({ hasText: "relaxing evening" }).count(), POLL).toBe(1);
    await expect.poll(() => entries(page, "assistant").count(), POLL).toBeGreaterThan(assistantBefore);
    // the reply streams in sentence by sentence; wait for the final text
    await expect.poll(() => entries(page, "assistant").last().getAttribute("data-final"), POLL).toBe("true");
    const reply = (await entries(page, "assistant").last().locator("p").nth(1).innerText()).trim();
    expect(reply.length).toBeGreaterThan(10);

    await end.click();
    await expect.poll(() => attr(page, "data-call-phase"), POLL).toBe("ended");
    expect(await picker.isEnabled()).toBe(true);
    expect(await mute.isDisabled()).toBe(true);
    expect(await page.getByRole("alert").count()).toBe(0);

    // The call is in this tab's history…
    const history = page.locator("#callHistory");
    await expect.poll(() => history.locator("li[data-call-id]").count(), POLL).toBe(1);
    await expect.poll(() => history.innerText(), POLL).toContain("completed");
    expect(await history.innerText()).toContain("Sunny");
    await page.screenshot({ path: "/tmp/testcall-desktop.png", fullPage: true });
    await history.getByRole("button", { name: /View Details/ }).click();
    const details = page.getByRole("dialog", { name: "Call Details" });
    await expect.poll(() => details.innerText(), POLL).toContain("relaxing evening");
    expect(await details.innerText()).toContain(reply.slice(0, 30));
    await details.getByRole("button", { name: "Close" }).first().click();
    await details.waitFor({ state: "detached" });

    // …and in the Calls tab's Call History, with its transcript.
    await page.getByRole("tab", { name: "Calls" }).click();
    const callsPanel = page.getByRole("tabpanel", { name: "Calls" });
    // AI health counts the call's answered turns (none failed).
    const health = callsPanel.getByRole("region", { name: "AI health" });
    await expect.poll(() => health.innerText(), POLL).toMatch(/\b[1-9]\d* turns? · No failures · No retries/);
    expect(await health.getByRole("row", { name: /First reply audio/ }).innerText()).toMatch(/\d+ ms|\d\.\d s/);
    await callsPanel.getByRole("button", { name: /View Details/ }).first().click();
    await expect.poll(() => page.getByRole("dialog", { name: "Call Details" }).innerText(), POLL).toContain("relaxing evening");
    await page.context().close();
  });

  it("where the browser cannot connect the microphone to a 16 kHz context (Firefox), it captures at the device's rate and brings it down", async () => {
    const page = await browser.newPage();
    // Firefox's refusal, played by Chromium: a microphone source on a 16 kHz context throws NotSupportedError.
    await page.addInitScript(() => {
      const original = AudioContext.prototype.createMediaStreamSource;
      const seen = window as unknown as { micRefusals: number; micRates: number[]; sentBytes: number; sentFrom: number; sentTo: number };
      seen.micRefusals = 0;
      seen.micRates = [];
      seen.sentBytes = 0;
      seen.sentFrom = 0;
      seen.sentTo = 0;
      // The PCM the page sends: 16 kHz PCM16 is 32,000 bytes a second of audio.
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket["send"]>[0]) {
        if (typeof data === "string" && data.includes('"audio_data"')) {
          const b64 = (JSON.parse(data) as { data: string }).data;
          if (seen.sentFrom === 0) seen.sentFrom = performance.now();
          else seen.sentBytes += (b64.length * 3) / 4; // bytes after the first message, over the time since it
          seen.sentTo = performance.now();
        }
        return send.call(this, data);
      };
      AudioContext.prototype.createMediaStreamSource = function (this: AudioContext, stream: MediaStream) {
        if (this.sampleRate === 16_000) {
          seen.micRefusals++;
          throw new DOMException("AudioContext.createMediaStreamSource: Connecting AudioNodes from AudioContexts with different sample-rate is currently not supported.", "NotSupportedError");
        }
        seen.micRates.push(this.sampleRate);
        return original.call(this, stream);
      };
    });
    await signUpViaApi(page, inject("baseURL"), freshCredentials("firefox-like"));
    await createEchoViaApi(page, { name: "Fox", description: "", personality: "friendly", expertise: "general", instructions: "", voiceStyle: "warm" });
    await openTestCall(page);
    await page.getByRole("combobox", { name: "Echo", exact: true }).selectOption({ label: "Fox" });
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => attr(page, "data-call-phase"), POLL).toBe("connected");
    // The spoken WAV still becomes a caller turn of about its real length, and the Echo answers.
    await expect.poll(() => entries(page, "caller").count(), POLL).toBeGreaterThan(0);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { micRefusals: number; micRates: number[]; sentBytes: number; sentFrom: number; sentTo: number };
      return { micRefusals: w.micRefusals, micRates: w.micRates, bytesPerSecond: (w.sentBytes * 1000) / (w.sentTo - w.sentFrom) };
    });
    expect(seen.micRefusals).toBe(1);
    expect(seen.micRates.length).toBe(1);
    expect(seen.micRates[0]).toBeGreaterThan(16_000);
    // Audio goes up at 16 kHz: about 32,000 bytes a second (at the device's rate it would be 88,200+).
    expect(seen.bytesPerSecond).toBeGreaterThan(24_000);
    expect(seen.bytesPerSecond).toBeLessThan(40_000);
    await expect.poll(() => entries(page, "assistant").count(), POLL).toBeGreaterThan(0);
    await page.getByRole("button", { name: "End Call" }).click();
    await page.context().close();
  });

  it("shows the spec's texts when the call can't start, errors, or drops — and recovers", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await signUpViaApi(page, inject("baseURL"), freshCredentials("unlucky"));
    await withoutStarterEcho(page);
    await openTestCall(page);
    const picker = page.getByRole("combobox", { name: "Echo", exact: true });
    const start = page.getByRole("button", { name: "Start Call" });

    // No Echo yet: the empty state points to the Echoes tab; one created elsewhere shows up live.
    const goToEchoes = page.getByRole("link", { name: "Go to Echoes" });
    await goToEchoes.waitFor();
    expect(await page.getByText("No active Echoes yet").count()).toBe(1);
    expect(await start.isDisabled()).toBe(true);
    await goToEchoes.click();
    await page.getByRole("heading", { name: "Echoes", level: 2 }).waitFor();
    await createEchoViaApi(page, { name: "Breezy", description: "Calm test companion", personality: "calm", expertise: "general", instructions: "", voiceStyle: "gentle" });
    await openTestCall(page);
    await picker.waitFor();

    // The Echo list fails to load → 'Error loading echoes', and Retry recovers.
    await page.route("**/api/echoes?active=true", (route) => route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"unavailable","message":"down"}}' }));
    await page.reload();
    await page.getByText("Error loading echoes").waitFor();
    expect(await start.isDisabled()).toBe(true);
    await page.unroute("**/api/echoes?active=true");
    await page.getByRole("button", { name: "Retry" }).click();
    await picker.selectOption({ label: "Breezy" });

    // 1. Signed out elsewhere: the socket is refused → 'Failed to start call: …', mic released, selector back.
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    await start.click();
    await expect.poll(() => page.getByRole("alert").innerText(), POLL).toMatch(/^Failed to start call: .+/);
    expect(await attr(page, "data-call-phase")).toBe("error");
    expect(await picker.isEnabled()).toBe(true);
    expect(await start.isEnabled()).toBe(true);
    await page.context().addCookies(cookies);

    // The rest goes through a pass-through proxy to the real server, so the test can tamper with
    // the wire and pull the plug.
    const net: { mode: "pass" | "unknown-echo"; page?: WebSocketRoute; server?: WebSocketRoute } = { mode: "pass" };
    await page.routeWebSocket(/\/ws\/call(\?|$)/, (ws) => {
      const server = ws.connectToServer();
      net.page = ws;
      net.server = server;
      ws.onMessage((m) => {
        if (net.mode === "unknown-echo" && typeof m === "string" && m.includes('"start_call"')) {
          server.send(JSON.stringify({ ...(JSON.parse(m) as object), echoId: "no-such-echo" }));
        } else server.send(m);
      });
    });

    // 2. The server refuses start_call (an Echo that isn't yours or active) → 'Failed to start call: …'.
    net.mode = "unknown-echo";
    await start.click();
    await expect.poll(() => page.getByRole("alert").innerText(), POLL).toMatch(/^Failed to start call: .*Echo/);
    expect(await attr(page, "data-call-phase")).toBe("error");
    expect(await start.isEnabled()).toBe(true);
    net.mode = "pass";

    // 3. A server-side error mid-call shows as 'Call error: …' and the call goes on. (Started from
    // the keyboard: focus moves from the disabled Start to End Call.)
    await start.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => attr(page, "data-call-phase"), POLL).toBe("connected");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("End Call");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Connected to Breezy" }).count(), POLL).toBe(1);
    net.server?.send(JSON.stringify({ type: "audio_data", data: "%%% not base64 %%%", timestamp: Date.now() }));
    await expect.poll(() => page.getByRole("alert").innerText(), POLL).toMatch(/^Call error: .+/);
    expect(await attr(page, "data-call-phase")).toBe("connected");

    // 4. The network drops mid-call → 'Connection lost'; the selector comes back.
    await net.page?.close({ code: 4000, reason: "network dropped" });
    await expect.poll(() => page.getByRole("alert").innerText(), POLL).toBe("Connection lost");
    expect(await attr(page, "data-call-phase")).toBe("error");
    expect(await picker.isEnabled()).toBe(true);
    await page.screenshot({ path: "/tmp/testcall-e2e-phone-error.png", fullPage: true });
    await page.context().close();
  });
});
