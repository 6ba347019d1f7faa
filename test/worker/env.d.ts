import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/config/env";

declare global {
  namespace Cloudflare {
    // GlobalProps (mainModule, durableNamespaces) come from worker/worker-configuration.d.ts (npm run types).
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** Issuer URL of the local OIDC provider (test/oidc-server/global-setup.ts). */
      TEST_OIDC_ISSUER: string;
      /** Base URL (…/v1) of the local OpenAI-compatible server (test/openai-server/global-setup.ts). */
      TEST_OPENAI_BASE_URL: string;
      /** Base URL of the local stand-in for Resend's HTTP API (test/mail-server/global-setup.ts). */
      TEST_MAIL_BASE_URL: string;
    }
  }
}
