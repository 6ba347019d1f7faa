// Three suites, one command: `worker` runs inside workerd (real D1, Durable Objects, WebSockets),
// `unit` runs pure code in Node, `e2e` drives the real app in Chromium. `worker-openai` runs calls in
// workerd with replies from an OpenAI-compatible server (test/openai-server) and the rest offline.
// Every setting is given explicitly (test/local-settings.ts): a developer's .dev.vars changes no test.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { defaultSettings } from "./test/local-settings.ts";

const settings = defaultSettings();
const workerdGlobalSetup = ["test/oidc-server/global-setup.ts", "test/openai-server/global-setup.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            remoteBindings: false,
            miniflare: {
              bindings: {
                ...settings,
                TEST_MIGRATIONS: await readD1Migrations("migrations"),
                PUBLIC_HOST: "https://echo.test",
                // The suite's calls use the offline provider; local speech tests inject theirs per call.
                AI_PROVIDER: "offline",
                TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
                // Local OpenID Connect provider for the Google sign-in round trip (test/oidc-server).
                TEST_OIDC_ISSUER: inject("oidcIssuer"),
                // Local OpenAI-compatible server (test/openai-server).
                TEST_OPENAI_BASE_URL: inject("openaiBaseUrl"),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          setupFiles: ["test/worker/setup/apply-migrations.ts"],
          globalSetup: workerdGlobalSetup,
        },
      },
      {
        plugins: [
          cloudflareTest(async ({ inject }) => ({
            wrangler: { configPath: "./wrangler.toml" },
            remoteBindings: false,
            miniflare: {
              bindings: {
                ...settings,
                TEST_MIGRATIONS: await readD1Migrations("migrations"),
                PUBLIC_HOST: "https://echo.test",
                TEST_OIDC_ISSUER: inject("oidcIssuer"),
                TEST_OPENAI_BASE_URL: inject("openaiBaseUrl"),
                // Replies from the local OpenAI-compatible server; speech-to-text and speech offline.
                AI_REPLY: "openai",
                OPENAI_REPLY_BASE_URL: inject("openaiBaseUrl"),
                OPENAI_REPLY_MODEL: "echo-test-chat",
              },
            },
          })),
        ],
        test: {
          name: "worker-openai",
          include: ["test/worker-openai/**/*.test.ts"],
          setupFiles: ["test/worker/setup/apply-migrations.ts"],
          globalSetup: workerdGlobalSetup,
        },
      },
      {
        test: { name: "unit", include: ["test/unit/**/*.test.ts", "test/web/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
