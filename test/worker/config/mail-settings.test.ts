// MAIL_PROVIDER and friends: the outbox only in a development build, Resend with a key and a sender,
// and errors that name the setting without quoting its value.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../worker/config/config";
import { RESEND_API_URL, readMailSettings } from "../../../worker/config/mail-settings";
import type { Env } from "../../../worker/config/env";

const base = (vars: Partial<Env>): Env => ({ ...env, MAIL_PROVIDER: "", MAIL_API_KEY: "", MAIL_FROM: "", MAIL_API_URL: "", ...vars });

function problem(vars: Partial<Env>, developmentBuild: boolean): ConfigError {
  try {
    readMailSettings(base(vars), developmentBuild);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("no ConfigError");
}

describe("mail settings", () => {
  it("unset: the outbox in a development build, no mail in a production build", () => {
    expect(readMailSettings(base({}), true)).toEqual({ provider: "outbox" });
    expect(readMailSettings(base({}), false)).toEqual({ provider: "none" });
  });

  it("refuses the outbox in a production build, naming MAIL_PROVIDER", () => {
    expect(readMailSettings(base({ MAIL_PROVIDER: "outbox" }), true)).toEqual({ provider: "outbox" });
    const err = problem({ MAIL_PROVIDER: "outbox" }, false);
    expect(err.setting).toBe("MAIL_PROVIDER");
    expect(err.message).toMatch(/production build never uses/);
  });

  it("resend needs a key and a sender; the API URL defaults to Resend's and must be https (or loopback http)", () => {
    expect(problem({ MAIL_PROVIDER: "resend", MAIL_FROM: "no-reply@echo.test" }, false).setting).toBe("MAIL_API_KEY");
    const badFrom = problem({ MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_secret_value", MAIL_FROM: "nobody" }, false);
    expect(badFrom.setting).toBe("MAIL_FROM");
    expect(badFrom.message).not.toContain("re_secret_value");
    expect(readMailSettings(base({ MAIL_PROVIDER: "Resend", MAIL_API_KEY: "re_k", MAIL_FROM: "Echo <no-reply@echo.test>" }), false)).toEqual({
      provider: "resend",
      resend: { apiKey: "re_k", from: "Echo <no-reply@echo.test>", baseUrl: RESEND_API_URL },
    });
    const local = readMailSettings(base({ MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_k", MAIL_FROM: "a@b.co", MAIL_API_URL: "http://127.0.0.1:9999/" }), false);
    expect(local).toMatchObject({ resend: { baseUrl: "http://127.0.0.1:9999" } });
    const http = problem({ MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_k", MAIL_FROM: "a@b.co", MAIL_API_URL: "http://mail.example.com" }, false);
    expect(http.setting).toBe("MAIL_API_URL");
    expect(http.message).not.toContain("mail.example.com");
    expect(problem({ MAIL_PROVIDER: "smtp" }, true).setting).toBe("MAIL_PROVIDER");
  });
});
