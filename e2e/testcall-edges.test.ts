// The browser test call at its edges, in real Chromium against the real app: a microphone refused or
// lost, an Echo's last words when the server ends the call, errors dismissed after the call, End then
// Start in quick succession. The call socket is played by the test where the timing matters.
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { freshCredentials, signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";

const SPEECH_WAV = resolve(import.meta.dirname, "fixtures/speech.wav");
const POLL = { timeout: 30_000, interval: 100 };

const browser = useBrowser({ fakeAudioWav: SPEECH_WAV });

const phase = (page: Page) => page.locator("section[data-call-phase]").getAttribute("data-call-phase");

/** A signed-up user with one Echo, on the Test Call tab with it chosen. */
async function readyToCall(page: Page, tag: string): Promise<void> {
  await signUpViaApi(page, inject("baseURL"), freshCredentials(tag));
  await createEchoViaApi(page, { name: "Edge", description: "", personality: "calm", expertise: "general", instructions: "", voiceStyle: "default" });
  await page.getByRole("tab", { name: "Test Call" }).click();
  const picker = page.getByRole("combobox", { name: "Echo", exact: true });
  await expect.poll(() => picker.locator("option", { hasText: "Edge" }).count(), POLL).toBe(1);
  await picker.selectOption({ label: "Edge" });
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
});
