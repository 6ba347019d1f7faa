import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchBrowser } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("serves the SPA and the API from one origin", async () => {
  const page = await browser.newPage();
  await page.goto(inject("baseURL"));
  await expect.poll(() => page.locator("#root").innerText()).toContain("Echo");
  const config = await page.evaluate(() => fetch("/api/config").then((r) => r.json()));
  expect(config).toMatchObject({ aiProvider: "offline" });
});
