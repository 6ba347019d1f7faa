// Starts the real app as it deploys, for the browser tests: the production build served by `vite
// preview` (scripts/preview-app.ts) on a free port, with a fresh local state folder, migrated. Tears it
// down afterwards. Against `vite dev` the same suite cost more (every fresh browser
// context fetched the SPA's ~150 source modules one by one through Vite, and React ran its development
// build): 713 → 413 s for the browser suite in a full `npm test` on a 2-core machine, with the change
// to the workerd projects (vitest.config.ts) in the same run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startPreviewApp } from "../../scripts/preview-app";
import { startMockOidcProvider } from "../../test/oidc-server/provider";
import { MAIL_TEST_KEY, startMailTestServer } from "../../test/mail-server/server";

/** The Google account the local OIDC provider signs in as in browser tests (e2e/auth.test.ts). */
export const E2E_GOOGLE_IDENTITY = {
  sub: "e2e-google-subject",
  email: "gina.google@example.com",
  email_verified: true,
  name: "Gina Google",
  picture:
    "data:image/svg+xml;base64," +
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0ea5e9"/><text x="20" y="26" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">GG</text></svg>').toString("base64"),
};

/** The Twilio auth token the e2e app verifies webhook signatures with (e2e/phone.test.ts signs with it). */
export const E2E_TWILIO_AUTH_TOKEN = "echo-e2e-twilio-auth-token";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    stateDir: string;
    /** The built Worker's wrangler config (for a `wrangler dev` of the same build: e2e/websocket-wire.test.ts). */
    builtWorkerConfig: string;
    /** The local stand-in for Resend's API the app mails through (GET /_sent?to= lists what it sent). */
    mailBaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(join(tmpdir(), "echo-e2e-"));
  // Google sign-in against a local OIDC provider, Twilio webhooks signed with a known token. Every
  // setting is written to the app's own .dev.vars (beside its copy of the config), so the developer's
  // .dev.vars changes nothing here.
  const oidc = await startMockOidcProvider({ defaultIdentity: E2E_GOOGLE_IDENTITY });
  // Mail goes out through the real Resend provider to a local stand-in (a production build has no outbox).
  const mail = await startMailTestServer();
  const app = await startPreviewApp(stateDir, {
    GOOGLE_CLIENT_ID: "echo-e2e-client",
    GOOGLE_CLIENT_SECRET: "echo-e2e-secret",
    GOOGLE_ISSUER: oidc.issuer,
    TWILIO_AUTH_TOKEN: E2E_TWILIO_AUTH_TOKEN,
    // Outbound calls are set up, to an API that answers nobody (a closed local port): a callback asked for
    // in a test call is kept (waiting for a linked number, or for its time), and Echo's calls fail loudly.
    TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
    TWILIO_API_KEY_SID: "SK0123456789abcdef0123456789abcdef",
    TWILIO_API_KEY_SECRET: "e2e-api-key-secret",
    TWILIO_API_BASE_URL: "http://127.0.0.1:9",
    // Every browser test signs up from this one machine: the per-network limit is for the public.
    SIGN_UPS_PER_NETWORK_PER_DAY: "100000",
    MAIL_PROVIDER: "resend",
    MAIL_API_KEY: MAIL_TEST_KEY,
    MAIL_FROM: "Echo <no-reply@echo.test>",
    MAIL_API_URL: mail.baseURL,
  });
  project.provide("baseURL", app.baseURL);
  project.provide("stateDir", stateDir);
  project.provide("builtWorkerConfig", app.builtWorkerConfig);
  project.provide("mailBaseUrl", mail.baseURL);
  return async () => {
    await app.stop();
    await oidc.stop();
    await mail.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}
