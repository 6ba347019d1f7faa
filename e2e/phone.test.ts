// Linking a phone number in real Chromium against the real app: the Phone card on the Echoes tab gives a
// 6-digit code; a simulated Twilio call (signed with the official `twilio` library, Media Streams
// protocol) types it on the keypad; the card shows the number linked without a reload; the user picks
// their phone Echo (the Test Call alert then names it) and unlinks the number.
import { describe, expect, inject, it } from "vitest";
import { TwilioCall } from "../test/support/twilio-sim";
import { httpNetwork } from "../test/support/twilio-webhooks";
import { signUpViaApi } from "./support/auth";
import { collectDialogs, useBrowser } from "./support/browser";
import { createEchoViaApi } from "./support/echoes";
import { E2E_TWILIO_AUTH_TOKEN } from "./support/global-setup";

const POLL = { timeout: 20_000, interval: 100 };

const browser = useBrowser();

describe("phone linking", () => {
  it("links the number typed on the keypad, chooses the phone Echo, and unlinks", async () => {
    const baseURL = inject("baseURL");
    const page = await browser.newPage();
    const dialogs = collectDialogs(page);
    await signUpViaApi(page, baseURL, undefined, "/echoes");
    for (const name of ["Juniper", "Wren"]) {
      await createEchoViaApi(page, { name, personality: "calm", expertise: "general", voiceStyle: "warm" });
    }

    const panel = page.getByRole("region", { name: "Phone", exact: true });
    await expect.poll(() => panel.getByText("Not linked").isVisible(), POLL).toBe(true);
    await panel.getByRole("button", { name: "Link my phone number" }).click();
    const codeEl = panel.getByLabel(/^Link code/);
    await codeEl.waitFor({ timeout: 10_000 });
    const code = (await codeEl.textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await expect.poll(() => panel.getByText(/valid for \d+:\d\d/).isVisible(), POLL).toBe(true);

    // The user phones in from their mobile and types the code.
    const from = `+1555017${String(Date.now() % 10_000).padStart(4, "0")}`;
    const call = await TwilioCall.dial(httpNetwork(baseURL, baseURL), { authToken: E2E_TWILIO_AUTH_TOKEN, from });
    await call.connect();
    await call.press(code);
    await call.until(() => call.outboundOf("mark").length > 0, 15_000, "the spoken confirmation");

    // The card updates by itself.
    await expect.poll(() => panel.getByText("Linked", { exact: true }).isVisible(), POLL).toBe(true);
    await expect.poll(() => panel.getByText(from).first().isVisible(), POLL).toBe(true);
    await call.hangUp();

    // Choose Wren to answer, on the Echoes tab's "Answers your phone" line (the starter answered until then).
    const line = page.getByRole("group", { name: /^Answers your phone:/ });
    await expect.poll(() => line.getByTestId("answers-your-phone").innerText(), POLL).toBe("Answers your phone: Echo");
    await line.getByRole("button", { name: "Change" }).click();
    await line.getByLabel("Who answers your phone").selectOption({ label: "Wren" });
    await expect.poll(() => line.getByTestId("answers-your-phone").innerText(), POLL).toBe("Answers your phone: Wren");
    await page.reload();
    await expect.poll(() => line.getByTestId("answers-your-phone").innerText(), POLL).toBe("Answers your phone: Wren");

    // The Test Call alert says who answers.
    await page.getByRole("article", { name: "Wren", exact: true }).getByRole("button", { name: "Test Call" }).click();
    await expect.poll(() => dialogs.length, POLL).toBe(1);
    expect(dialogs[0]).toContain(`answered by "Wren"`);

    // Unlink, after confirming.
    await panel.getByRole("button", { name: "Unlink number" }).click();
    await panel.getByRole("button", { name: "Unlink", exact: true }).click();
    await expect.poll(() => panel.getByText("Not linked").isVisible(), POLL).toBe(true);
    await expect.poll(() => panel.getByRole("button", { name: "Link my phone number" }).isVisible(), POLL).toBe(true);
    await page.context().close();
  }, 120_000);
});
