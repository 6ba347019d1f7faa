// Settings → "Calls without an Echo": a person turns recording of those calls off, the page says so
// after a reload; a failed save says so and leaves the switch as it was.
import { describe, expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { PHONE, useBrowser } from "./support/browser";

const browser = useBrowser();

describe("the recording switch for calls without an Echo", () => {
  it("is on at first; turned off it stays off after a reload; a failed save leaves it as it was", async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const baseURL = inject("baseURL");
    await signUpViaApi(page, baseURL, undefined, "/settings");
    const section = page.getByRole("region", { name: "Calls without an Echo" });
    const toggle = section.getByRole("switch", { name: "Record these calls" });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isEnabled()).toBe(true);

    await page.reload();
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);

    await page.route("**/api/settings/recording", (route) =>
      route.request().method() === "PUT" ? route.fulfill({ status: 503, contentType: "application/json", body: '{"error":{"code":"unavailable","message":"down"}}' }) : route.fallback(),
    );
    await toggle.click();
    await section.getByText("Could not save the setting. Please try again.").waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await page.context().close();
  });
});
