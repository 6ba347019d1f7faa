// Three suites, one command: `worker` runs inside workerd (real D1, Durable Objects, WebSockets),
// `unit` runs pure code in Node, `e2e` drives the real app in Chromium.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

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
                TEST_MIGRATIONS: await readD1Migrations("migrations"),
                PUBLIC_HOST: "https://echo.test",
                // The suite's calls use the offline provider; local speech tests inject theirs per call.
                AI_PROVIDER: "offline",
                TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
                // Local OpenID Connect provider for the Google sign-in round trip (test/oidc-server).
                TEST_OIDC_ISSUER: inject("oidcIssuer"),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          setupFiles: ["test/worker/setup/apply-migrations.ts"],
          globalSetup: ["test/oidc-server/global-setup.ts"],
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
