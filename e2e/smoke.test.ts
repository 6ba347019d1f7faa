import { expect, inject, it } from "vitest";
import { useBrowser } from "./support/browser";

const browser = useBrowser();

it("serves the SPA and the API from one origin", async () => {
  const page = await browser.newPage();
  await page.goto(inject("baseURL"));
  await expect.poll(() => page.locator("#root").innerText()).toContain("Echo");
  const config = await page.evaluate(() => fetch("/api/config").then((r) => r.json()));
  expect(config).toMatchObject({ aiProvider: "offline" });
});
