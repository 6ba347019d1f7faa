// The design kit's Modal in real Chromium, through a real dialog of the app (Create New Echo):
// labelled, focus moves in and stays in, Esc closes, focus returns to the button that opened it.
import { expect, inject, it } from "vitest";
import { signUpViaApi } from "./support/auth";
import { useBrowser } from "./support/browser";

const browser = useBrowser();
const baseURL = inject("baseURL");

it("Modal: labelled dialog, focus inside and trapped, Esc closes, focus returns", async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await signUpViaApi(page, baseURL, undefined, "/echoes");
  const opener = page.getByRole("button", { name: "Create New Echo" }).first();
  await opener.click();

  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  const labelledBy = await dialog.getAttribute("aria-labelledby");
  expect(labelledBy).toBeTruthy();
  const title = await page.locator(`[id="${labelledBy}"]`).innerText();
  expect(title.length).toBeGreaterThan(0);
  expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open && d.matches(":modal"))).toBe(true);
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  // Tab through more elements than the dialog holds: focus never reaches the page behind it.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    const inside = await page.evaluate(() => {
      const a = document.activeElement;
      return !a || a === document.body || Boolean(a.closest("dialog"));
    });
    expect(inside).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
  expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);
  await page.context().close();
});
