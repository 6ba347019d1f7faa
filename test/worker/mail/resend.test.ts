// The Resend provider and the delivery policy, from inside workerd against the local stand-in that
// speaks Resend's HTTP API (test/mail-server): auth header, JSON errors, retries, deadlines, idempotency.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliver, type DeliveryPolicy } from "../../../worker/mail/deliver";
import { MailError, type MailMessage } from "../../../worker/mail/message";
import { ResendMailer } from "../../../worker/mail/resend";
import { MAIL_TEST_KEY, type LoggedMailRequest, type SentMail } from "../../mail-server/server";

const FAST: DeliveryPolicy = { attemptMs: 500, attempts: 3, backoffMs: [10, 10] };
const FROM = "Echo <no-reply@echo.test>";

function mailer(apiKey = MAIL_TEST_KEY) {
  return new ResendMailer({ apiKey, from: FROM, baseUrl: env.TEST_MAIL_BASE_URL });
}

function message(to: string): MailMessage {
  return { to, subject: "Verify your email", text: "Open https://echo.test/verify-email#token=abc", idempotencyKey: crypto.randomUUID() };
}

async function sentTo(to: string): Promise<SentMail[]> {
  return (await fetch(`${env.TEST_MAIL_BASE_URL}/_sent?to=${encodeURIComponent(to)}`)).json();
}

async function requestsFor(to: string): Promise<LoggedMailRequest[]> {
  const log = (await (await fetch(`${env.TEST_MAIL_BASE_URL}/_log`)).json()) as LoggedMailRequest[];
  return log.filter((r) => r.to.includes(to));
}

const unique = (local: string) => `${local}@${crypto.randomUUID().slice(0, 8)}.example.com`;

describe("Resend over HTTP", () => {
  it("sends one message with the Bearer key, the sender and the text", async () => {
    const to = unique("ada");
    await deliver(mailer(), message(to), FAST);
    const sent = await sentTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ from: FROM, to: [to], subject: "Verify your email", text: "Open https://echo.test/verify-email#token=abc" });
    const [request] = await requestsFor(to);
    expect(request?.authorization).toBe(`Bearer ${MAIL_TEST_KEY}`);
    expect(request?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("retries a 503 and a 429 with the same idempotency key, and the message goes out once", async () => {
    for (const local of ["flaky", "limited"]) {
      const to = unique(local);
      await deliver(mailer(), message(to), FAST);
      const requests = await requestsFor(to);
      expect(requests.map((r) => r.status)).toEqual([local === "flaky" ? 503 : 429, 200]);
      expect(new Set(requests.map((r) => r.idempotencyKey)).size).toBe(1);
      expect(await sentTo(to)).toHaveLength(1);
    }
  });

  it("does not retry a wrong key (403) and throws a permanent MailError naming Resend's error, not the address", async () => {
    const to = unique("bob");
    const err = await deliver(mailer("re_wrong"), message(to), FAST).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MailError);
    expect((err as MailError).transient).toBe(false);
    expect((err as MailError).status).toBe(403);
    expect((err as MailError).message).toBe("resend: 403 invalid_api_key");
    expect((err as MailError).message).not.toContain(to);
    expect(await requestsFor(to)).toHaveLength(1);
    expect(await sentTo(to)).toHaveLength(0);
  });

  it("refuses an invalid address with 422 once, and gives up on a lasting 500 after every attempt", async () => {
    const bad = (await deliver(mailer(), message("not-an-address"), FAST).catch((e: unknown) => e)) as MailError;
    expect(bad.status).toBe(422);
    expect(bad.transient).toBe(false);
    const to = unique("fail-500");
    const down = (await deliver(mailer(), message(to), FAST).catch((e: unknown) => e)) as MailError;
    expect(down.transient).toBe(true);
    expect(down.status).toBe(500);
    expect(await requestsFor(to)).toHaveLength(3);
  });

  it("ends an attempt that gets no answer at its deadline, and tries again", async () => {
    const to = unique("slow");
    const err = (await deliver(mailer(), message(to), { attemptMs: 200, attempts: 2, backoffMs: [10] }).catch((e: unknown) => e)) as MailError;
    expect(err).toBeInstanceOf(MailError);
    expect(err.transient).toBe(true);
    expect(err.status).toBeNull();
  });
});
