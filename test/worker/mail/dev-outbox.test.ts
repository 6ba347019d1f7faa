// The development outbox's page: mail kept by the outbox, newest first, only on a loopback host.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { nextMail, signUp, uniqueEmail } from "../support/accounts";

describe("GET /api/dev/outbox", () => {
  it("lists the outbox's mail to one address on localhost", async () => {
    const email = uniqueEmail("outbox");
    await signUp(email);
    await nextMail(email);
    const res = await exports.default.fetch(`http://localhost:5173/api/dev/outbox?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: { to: string; subject: string; text: string }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: email, subject: "Verify your email for Echo" });
    expect(messages[0]!.text).toContain("/verify-email#token=");
  });

  it("answers 404 on any other host (a tunnel to the dev server)", async () => {
    const res = await exports.default.fetch("https://echo.test/api/dev/outbox");
    expect(res.status).toBe(404);
  });
});
