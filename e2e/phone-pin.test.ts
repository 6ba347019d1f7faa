// The Phone PIN section on /settings in real Chromium: a PIN that isn't 4–8 digits is refused where it
// was typed, a good one is saved (the badge says so and survives a reload), and it can be removed.
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";

const POLL = { timeout: 20_000, interval: 100 };

const browser = useBrowser();

describe("the phone PIN on Settings", () => {
  it("refuses a bad PIN, saves a good one, and removes it", async () => {
    const baseURL = inject("baseURL");
    const page = await browser.newPage();
    await signUpViaApi(page, baseURL, undefined, "/settings");
    const section = page.getByRole("region", { name: "Phone PIN" });
    await expect.poll(() => section.getByText("No PIN", { exact: true }).isVisible(), POLL).toBe(true);

    await section.getByLabel("PIN", { exact: true }).fill("12");
    await section.getByRole("button", { name: "Set PIN" }).click();
    await expect.poll(() => section.getByText("The PIN must be 4 to 8 digits.").isVisible(), POLL).toBe(true);
    expect(await section.getByLabel("PIN", { exact: true }).getAttribute("aria-invalid")).toBe("true");

    await section.getByLabel("PIN", { exact: true }).fill("482916");
    await section.getByRole("button", { name: "Set PIN" }).click();
    await expect.poll(() => section.getByText("PIN set", { exact: true }).isVisible(), POLL).toBe(true);
    await expect.poll(() => section.getByRole("status").textContent(), POLL).toContain("key it in, then the hash key");
    expect(await section.getByLabel("New PIN").inputValue()).toBe("");

    await page.reload();
    await expect.poll(() => section.getByText("PIN set", { exact: true }).isVisible(), POLL).toBe(true);
    await section.getByRole("button", { name: "Remove PIN" }).click();
    await expect.poll(() => section.getByText("No PIN", { exact: true }).isVisible(), POLL).toBe(true);
    await page.close();
  });
});
