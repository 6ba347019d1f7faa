// Four suites, one command: `worker` runs inside workerd (real D1, Durable Objects, WebSockets),
// `unit` runs pure code in Node, `e2e` drives the real app in Chromium. `worker-openai` runs calls in
// workerd with replies from an OpenAI-compatible server (test/openai-server) and the rest offline.
// `worker-local-speech` runs the local speech engines (PocketSphinx + flite, ~60 MB of modules) in
// workerd; the other workerd projects are built as production is (vite.config.ts's swap of
// worker/ai/local/available.ts), so their files don't load those modules.
// Every setting is given explicitly (test/local-settings.ts): a developer's .dev.vars changes no test.
import { availableParallelism } from "node:os";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { defaultSettings } from "./test/local-settings.ts";
import { LOCAL_SPEECH_OUT } from "./scripts/local-speech-alias.ts";

const settings = defaultSettings();
const workerdGlobalSetup = ["test/oidc-server/global-setup.ts", "test/openai-server/global-setup.ts", "test/mail-server/global-setup.ts"];
const LOCAL_SPEECH_TESTS = "test/worker/**/local-speech*.test.ts";
const E2E_LOCAL_SPEECH_TEST = "e2e/local-speech.test.ts";
const UNIT_TESTS = ["test/unit/**/*.test.ts", "test/web/**/*.test.ts"];
const UNIT_ISOLATED = [
  "test/unit/ai/local/pocketsphinx-pool.test.ts",
  "test/unit/ai/local/wasi.test.ts",
  "test/unit/bench/diagnostics/workerd-gc.test.ts",
  "test/unit/pipeline/conversation-memory.test.ts",
  "test/unit/scripts/production-bundle.test.ts",
  "test/unit/scripts/depcheck.test.ts",
];

/** A project run inside workerd: the app's wrangler.toml, these bindings, with or without local speech. */
function workerdProject(
  name: string,
  include: string[],
  options: {
    localSpeech: boolean;
    exclude?: string[];
    bindings?: (inject: (key: "openaiBaseUrl") => string) => Record<string, string>;
    /** vitest's `sequence.groupOrder` (see the order above); 0 unless given. */
    groupOrder?: number;
  },
): TestProjectInlineConfiguration {
  return {
    resolve: { alias: options.localSpeech ? [] : LOCAL_SPEECH_OUT },
    plugins: [
      cloudflareTest(async ({ inject }) => ({
        wrangler: { configPath: "./wrangler.toml" },
        remoteBindings: false,
        miniflare: {
          bindings: {
            ...settings,
            TEST_MIGRATIONS: await readD1Migrations("migrations"),
            PUBLIC_HOST: "https://echo.test",
            TWILIO_AUTH_TOKEN: "test-twilio-auth-token",
            // The tests sign up from one client: the per-network limit is tested with its own env.
            SIGN_UPS_PER_NETWORK_PER_DAY: "100000",
            // Outbound calls go to the REST stand-in (test/support/twilio-rest-sim.ts), which answers this origin.
            TWILIO_ACCOUNT_SID: "AC0123456789abcdef0123456789abcdef",
            TWILIO_API_KEY_SID: "SK0123456789abcdef0123456789abcdef",
            TWILIO_API_KEY_SECRET: "test-api-key-secret",
            TWILIO_API_BASE_URL: "https://api.twilio.test",
            // Local OpenID Connect provider for the Google sign-in round trip (test/oidc-server).
            TEST_OIDC_ISSUER: inject("oidcIssuer"),
            // Local OpenAI-compatible server (test/openai-server).
            TEST_OPENAI_BASE_URL: inject("openaiBaseUrl"),
            // Local stand-in for Resend's HTTP API (test/mail-server).
            TEST_MAIL_BASE_URL: inject("mailBaseUrl"),
            ...options.bindings?.((key) => inject(key)),
          },
        },
      })),
    ],
    test: {
      name,
      include,
      exclude: options.exclude ?? [],
      setupFiles: ["test/worker/setup/apply-migrations.ts"],
      // One workerd per vitest worker, running file after file (its D1 and Durable Objects shared by
      // them), not a fresh one per file: a file's own runtime cost more than most files' tests (the
      // Worker's modules transformed and loaded again, every time), 2.6× the CPU for the same 30 files.
      // Tests make their own users and calls, and put back what they replace (support/object-env.ts).
      isolate: false,
      globalSetup: workerdGlobalSetup,
      sequence: { groupOrder: options.groupOrder ?? 0 },
    },
  };
}

export default defineConfig({
  test: {
    // Several files at a time even on 2 cores: most of a workerd file's time is waiting (phone calls
    // paced in real time, sockets, retries' back-off), not computing. The browser projects still run
    // one file at a time (`fileParallelism: false` below).
    // Order (`sequence.groupOrder`): `worker` and `worker-openai` (0), `unit` (1: its files compute
    // hard with vitest's 5 s limit per test, so not at the start, when every runtime and app starts),
    // `e2e` (2), then the two projects that run local speech, `worker-local-speech` and
    // `e2e-local-speech` (3): the suite's heaviest on CPU, with time limits inside (a speech-to-text
    // deadline, speech in real time), they run last, beside each other only (the browser one is
    // mostly waiting for speech in real time while workerd loads the engines). `npm test`
    // (scripts/test-all.ts) runs groups 0–1 beside group 2 in two vitest runs, then group 3.
    maxWorkers: Math.max(3, availableParallelism()),
    projects: [
      // The suite's calls use the offline provider (AI_PROVIDER=auto without the AI binding, in a build
      // without local speech).
      workerdProject("worker", ["test/worker/**/*.test.ts"], { localSpeech: false, exclude: [LOCAL_SPEECH_TESTS] }),
      workerdProject("worker-openai", ["test/worker-openai/**/*.test.ts"], {
        localSpeech: false,
        // Replies from the local OpenAI-compatible server; speech-to-text and speech offline.
        bindings: (inject) => ({ AI_REPLY: "openai", OPENAI_REPLY_BASE_URL: inject("openaiBaseUrl"), OPENAI_REPLY_MODEL: "echo-test-chat" }),
      }),
      // The development build, engines included: AI_PROVIDER=auto means local speech here.
      workerdProject("worker-local-speech", [LOCAL_SPEECH_TESTS], { localSpeech: true, groupOrder: 3 }),
      // Pure code in Node, most files sharing their workers (`isolate: false`: a worker per file cost
      // ~3 s of CPU each, for 80 files); the files that load the speech engines (tens of MB of wasm
      // heap, a 250 ms timing window in the pool's test), change V8's flags, or run builds get a
      // fresh worker each.
      {
        test: { name: "unit", include: UNIT_TESTS, exclude: UNIT_ISOLATED, environment: "node", isolate: false, sequence: { groupOrder: 1 } },
      },
      {
        test: { name: "unit-isolated", include: UNIT_ISOLATED, environment: "node", sequence: { groupOrder: 1 } },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          exclude: [E2E_LOCAL_SPEECH_TEST],
          globalSetup: ["e2e/support/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      // Local speech in Chromium, against an app of its own with the engines (the file starts it, or
      // finds the one `npm test` launched at the start of the run: ECHO_E2E_LOCAL_SPEECH_APP).
      {
        test: {
          name: "e2e-local-speech",
          include: [E2E_LOCAL_SPEECH_TEST],
          sequence: { groupOrder: 3 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
