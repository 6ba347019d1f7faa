// The browser test call at its edges, in real Chromium against the real app: a microphone refused or
// lost, an Echo's last words when the server ends the call, errors dismissed after the call, End then
// Start in quick succession. The call socket is played by the test where the timing matters.
import { resolve } from "node:path";
import type { Page, WebSocketRoute } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freshCredentials, signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";
import type { ClientMessage, ServerMessage } from "../protocol/call-messages";
import type { AiEngines } from "../protocol/engines";

const SPEECH_WAV = resolve(import.meta.dirname, "fixtures/speech.wav");
const POLL = { timeout: 30_000, interval: 100 };

const browser = useBrowser({ fakeAudioWav: SPEECH_WAV });

/** `seconds` of a quiet 440 Hz tone, 16 kHz PCM16 little-endian, in base64 (an audio_response's data). */
function toneBase64(seconds: number): string {
  const pcm = Buffer.alloc(seconds * 16_000 * 2);
  for (let i = 0; i < seconds * 16_000; i++) pcm.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)), i * 2);
  return pcm.toString("base64");
}

const phase = (page: Page) => page.locator("section[data-call-phase]").getAttribute("data-call-phase");

/** A signed-up user with one Echo, on the Test Call tab with it chosen. */
async function readyToCall(page: Page, tag: string): Promise<void> {
  await signUpViaApi(page, inject("baseURL"), freshCredentials(tag), "/test-call");
  await createEchoViaApi(page, { name: "Edge", description: "", personality: "calm", expertise: "general", instructions: "", voiceStyle: "default" });
  const picker = page.getByRole("tabpanel", { name: "Test Call" }).getByRole("combobox", { name: "Echo", exact: true });
  await expect.poll(() => picker.locator("option", { hasText: "Edge" }).count(), POLL).toBe(1);
  await picker.selectOption({ label: "Edge" });
}

/** One call socket as the test's server sees it. */
interface PlayedCall {
  ws: WebSocketRoute;
  received: ClientMessage[];
  send(m: ServerMessage): void;
  /** The page closed its socket (the close completes at once unless holdClose: then ws.close() completes it). */
  closedByPage: boolean;
  holdClose: boolean;
}

/**
 * Plays the server of /ws/call: answers start_call with call_started (callId call-1, call-2, …) and
 * pings with pongs; everything else is the test's to send. The page's sockets are listed in
 * window.__callSockets.
 */
async function playCallServer(page: Page): Promise<PlayedCall[]> {
  const calls: PlayedCall[] = [];
  const { aiEngines } = await page.evaluate(() => fetch("/api/config").then((r) => r.json() as Promise<{ aiEngines: AiEngines }>));
  await page.routeWebSocket(/\/ws\/call(\?|$)/, (ws) => {
    const call: PlayedCall = { ws, received: [], send: (m) => ws.send(JSON.stringify(m)), closedByPage: false, holdClose: false };
    const n = calls.push(call);
    ws.onClose((code, reason) => {
      call.closedByPage = true;
      if (!call.holdClose) void ws.close({ code, reason });
    });
    ws.onMessage((raw) => {
      if (typeof raw !== "string") return;
      const m = JSON.parse(raw) as ClientMessage;
      call.received.push(m);
      if (m.type === "ping") ws.send('{"type":"pong"}');
      if (m.type === "start_call") call.send({ type: "call_started", callId: `call-${n}`, echoName: "Edge", provider: "offline", engines: aiEngines });
    });
  });
  // After routeWebSocket, which puts its own WebSocket in the page.
  await page.evaluate(() => {
    const Socket = window.WebSocket;
    const sockets: WebSocket[] = [];
    Object.assign(window, { __callSockets: sockets });
    window.WebSocket = class extends Socket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        if (String(url).includes("/ws/call")) sockets.push(this);
      }
    };
  });
  return calls;
}

describe("Test Call edges", () => {
  it("a refused or missing microphone says what to do, not the browser's text", async () => {
    const page = await browser.newPage();
    await readyToCall(page, "nomic");
    const start = page.getByRole("button", { name: "Start Call" });
    const refuse = (name: string, text: string) =>
      page.evaluate(
        ([n, t]) => Object.defineProperty(navigator.mediaDevices, "getUserMedia", { value: () => Promise.reject(new DOMException(t, n)), configurable: true }),
        [name, text] as const,
      );

    await refuse("NotAllowedError", "Permission denied");
    await start.click();
    await expect.poll(() => page.getByRole("alert").innerText(), POLL).toMatch(/^Failed to start call: Microphone access is blocked\. Allow the microphone for this site/);
    expect(await page.getByRole("alert").innerText()).not.toContain("Permission denied");
    expect(await phase(page)).toBe("error");

    await refuse("NotFoundError", "The object can not be found here.");
    await start.click();
    await expect.poll(() => page.getByRole("alert").innerText(), POLL).toMatch(/^Failed to start call: No microphone was found\. Plug in a microphone/);
    await page.context().close();
  });

  it("a 'Call error' can be dismissed after the call ended", async () => {
    const page = await browser.newPage();
    await readyToCall(page, "dismiss");
    const calls = await playCallServer(page);
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("connected");
    calls[0]!.send({ type: "error", error: "Speech-to-text failed" });
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.innerText(), POLL).toBe("Call error: Speech-to-text failed");
    calls[0]!.send({ type: "call_ended", callId: "call-1" });
    await expect.poll(() => phase(page), POLL).toBe("ended");
    await alert.getByRole("button", { name: "Dismiss" }).click({ timeout: 5_000 });
    await expect.poll(() => alert.count(), POLL).toBe(0);
    await page.context().close();
  });

  it("End while the socket is already closing, then Start at once: the old socket's close leaves the new call alone", async () => {
    const page = await browser.newPage();
    await readyToCall(page, "race");
    const calls = await playCallServer(page);
    const start = page.getByRole("button", { name: "Start Call" });
    await start.click();
    await expect.poll(() => phase(page), POLL).toBe("connected");

    // The socket starts closing (as when the server closed it and the browser has not said so yet).
    calls[0]!.holdClose = true;
    await page.evaluate(() => (window as unknown as { __callSockets: WebSocket[] }).__callSockets[0]!.close(1000, "going"));
    expect(await page.evaluate(() => (window as unknown as { __callSockets: WebSocket[] }).__callSockets[0]!.readyState)).toBe(WebSocket.CLOSING);
    await page.getByRole("button", { name: "End Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("ended");
    await start.click();
    await expect.poll(() => phase(page), POLL).toBe("connected");
    expect(calls.length).toBe(2);

    // Now the old socket's close arrives: the new call goes on.
    await calls[0]!.ws.close({ code: 1000, reason: "going" });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __callSockets: WebSocket[] }).__callSockets[0]!.readyState), POLL).toBe(WebSocket.CLOSED);
    await page.waitForTimeout(500);
    expect(await phase(page)).toBe("connected");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(calls[1]!.closedByPage).toBe(false);
    expect(await page.getByRole("button", { name: "End Call" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("the Echo's last words play to their end when the server ends the call; End Call cuts them", async () => {
    const page = await browser.newPage();
    await readyToCall(page, "goodbye");
    const calls = await playCallServer(page);
    const start = page.getByRole("button", { name: "Start Call" });
    const section = page.locator("section[data-call-phase]");
    const stat = async (name: string) => Number(await section.getAttribute(name));

    // "…Goodbye.": two seconds of speech, then call_ended at once.
    await start.click();
    await expect.poll(() => phase(page), POLL).toBe("connected");
    for (let i = 0; i < 2; i++) calls[0]!.send({ type: "audio_response", data: toneBase64(1), sampleRate: 16_000 });
    await expect.poll(() => stat("data-playback-scheduled"), POLL).toBe(2);
    calls[0]!.send({ type: "call_ended", callId: "call-1" });
    await expect.poll(() => phase(page), POLL).toBe("ended");
    await expect.poll(() => calls[0]!.closedByPage, POLL).toBe(true); // the socket goes at once
    await expect.poll(() => stat("data-playback-played"), { timeout: 8_000, interval: 100 }).toBe(2);
    expect(await stat("data-playback-seconds")).toBeCloseTo(2, 1);

    // The person presses End Call: the speech stops there.
    await start.click();
    await expect.poll(() => phase(page), POLL).toBe("connected");
    calls[1]!.send({ type: "audio_response", data: toneBase64(1), sampleRate: 16_000 });
    await expect.poll(() => stat("data-playback-scheduled"), POLL).toBe(1);
    await page.getByRole("button", { name: "End Call" }).click();
    await page.waitForTimeout(1_800);
    expect(await stat("data-playback-played")).toBe(0);
    await page.context().close();
  });

  it("a microphone that goes away mid-call ends the call and says so; a suspended audio context is resumed", async () => {
    const page = await browser.newPage();
    await readyToCall(page, "micdrop");
    const calls = await playCallServer(page);
    // Keep hold of the call's microphone stream and audio context.
    await page.evaluate(() => {
      const seen = { streams: [] as MediaStream[], contexts: [] as AudioContext[] };
      Object.assign(window, { __seen: seen });
      const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (c) => {
        const stream = await getUserMedia(c);
        seen.streams.push(stream);
        return stream;
      };
      const Context = window.AudioContext;
      window.AudioContext = class extends Context {
        constructor(options?: AudioContextOptions) {
          super(options);
          seen.contexts.push(this);
        }
      };
    });
    type Seen = { __seen: { streams: MediaStream[]; contexts: AudioContext[] } };
    await page.getByRole("button", { name: "Start Call" }).click();
    await expect.poll(() => phase(page), POLL).toBe("connected");

    // The browser suspends the call's audio while the page is visible: it runs again by itself.
    await page.evaluate(() => (window as unknown as Seen).__seen.contexts[0]!.suspend());
    await expect.poll(() => page.evaluate(() => (window as unknown as Seen).__seen.contexts[0]!.state), POLL).toBe("running");

    // The headset disconnects: its track ends (as the browser reports it; a page's own stop() fires nothing).
    await page.evaluate(() => (window as unknown as Seen).__seen.streams[0]!.getAudioTracks()[0]!.dispatchEvent(new Event("ended")));
    await expect.poll(() => phase(page), POLL).toBe("error");
    expect(await page.getByRole("alert").innerText()).toMatch(/^Call error: Your microphone was disconnected\. Reconnect it/);
    expect(await page.getByTestId("call-status").innerText()).toBe("Call failed");
    // The call is over for the server too, the microphone is released, and a new call can start.
    await expect.poll(() => calls[0]!.received.some((m) => m.type === "end_call"), POLL).toBe(true);
    expect(await page.evaluate(() => (window as unknown as Seen).__seen.streams[0]!.getAudioTracks()[0]!.readyState)).toBe("ended");
    expect(await page.getByRole("tabpanel", { name: "Test Call" }).getByRole("combobox", { name: "Echo", exact: true }).isEnabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Start Call" }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
