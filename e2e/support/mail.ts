// The mail the e2e app sent, read from the local Resend stand-in (test/mail-server): emailed links, and
// verifying an account's address as its owner would (by following the link).
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";

/** The newest link to page `kind` in the mail delivered to `email`, once at least `count` such links arrived. */
export async function mailedLink(email: string, kind: "verify-email" | "reset-password", count = 1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const sent = (await (await fetch(`${inject("mailBaseUrl")}/_sent?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
        const links = sent.map((m) => new RegExp(`https?://\\S+/${kind}#token=[a-z0-9]+`).exec(m.text)?.[0]).filter((l): l is string => Boolean(l));
        link = links.at(-1);
        return links.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return link!;
}

/** Verifies `email`'s address with the link mailed at sign-up (only verified accounts can be invited to calls). */
export async function verifyEmailViaMail(page: Page, email: string): Promise<void> {
  const token = new URL(await mailedLink(email, "verify-email")).hash.replace("#token=", "");
  const status = await page.evaluate(
    async (body) => (await fetch("/api/account/verify-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).status,
    { token },
  );
  if (status !== 200) throw new Error(`verifying ${email} failed with HTTP ${status}`);
}
