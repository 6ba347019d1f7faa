// The import rules of this repository, checked by `npm run depcheck` (part of `npm test`).
// Run `npm run depcheck` to see violations; each rule's comment says why it exists.
//
// web/ is split into
//   shared   ui/ lib/ audio/ config/   — used by everything in web/, imports only shared code
//   page     dashboard/                — composes features into the dashboard's tabs
//   features every other folder (auth, calls, echoes, landing, live, testcall, …) — a new folder
//            is a feature by default; a feature imports shared code and its own files, never
//            another feature or the page
//   shell    web/*.ts(x) (boot, main, App) — starts the app, picks the screen; nothing imports it
/** @type {import("dependency-cruiser").IConfiguration} */

const WEB_SHARED = "^web/(ui|lib|audio|config)/";
const WEB_PAGE = "^web/dashboard/";

module.exports = {
  forbidden: [
    {
      name: "web-not-worker",
      comment: "The SPA talks to the Worker over HTTP and WebSockets only; shared shapes live in protocol/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^worker/" },
    },
    {
      name: "protocol-imports-nothing-ours",
      comment: "protocol/ is the contract both sides import: it depends on nothing of ours (npm packages such as zod are fine).",
      severity: "error",
      from: { path: "^protocol/" },
      to: { path: "^(web|worker|scripts|bench|test|e2e)/" },
    },
    {
      name: "core-not-lines",
      comment: "The pipeline, the AI providers and the database know nothing of calls' sockets, HTTP routes or Twilio.",
      severity: "error",
      from: { path: "^worker/(pipeline|ai|db)/" },
      to: { path: "^worker/(call|routes|twilio)/" },
    },
    {
      name: "twilio-not-call",
      comment: "worker/twilio/ holds Twilio's wire code only (signatures, TwiML, media messages); the call side uses it, not the reverse.",
      severity: "error",
      from: { path: "^worker/twilio/" },
      to: { path: "^worker/call/" },
    },
    {
      name: "web-feature-not-feature",
      comment: "A web feature folder imports shared code (ui, lib, audio, config) and itself, never another feature or the dashboard page: move what two features share into ui/ or lib/, or compose them in dashboard/.",
      severity: "error",
      from: { path: "^web/([^/]+)/", pathNot: [WEB_SHARED, WEB_PAGE] },
      to: { path: "^web/[^/]+/", pathNot: ["^web/$1/", WEB_SHARED] },
    },
    {
      name: "web-shared-not-feature",
      comment: "Shared web code (ui, lib, audio, config) imports only shared code: it can't depend on a feature or the page.",
      severity: "error",
      from: { path: WEB_SHARED },
      to: { path: "^web/", pathNot: WEB_SHARED },
    },
    {
      name: "web-shell-not-imported",
      comment: "The shell (web/boot.ts, main.tsx, App.tsx) starts the app; features, shared code and the page never import it.",
      severity: "error",
      from: { path: "^web/[^/]+/" },
      to: { path: "^web/[^/]+\\.tsx?$" },
    },
    {
      name: "openai-sdk-lazy",
      comment: "The openai client is most of the Worker's code and only OpenAI-compatible endpoints use it: it is loaded on first use (worker/ai/openai/sdk.ts, a dynamic import; the build gives it a chunk of its own), never imported statically. Type-only imports are fine.",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "node_modules/openai/", dependencyTypesNot: ["type-only", "dynamic-import"] },
    },
    {
      name: "no-circular",
      comment: "No import cycle between modules, type-only imports included: a circle of types is still a circle of concepts (split what both sides need into a module of its own).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      comment: "No cycle between folders under worker/ or web/ (e.g. call/ → twilio/ → call/).",
      severity: "error",
      scope: "folder",
      from: { path: "^(worker|web)/" },
      to: { circular: true },
    },
  ],
  options: {
    // npm packages are leaves of the graph: seen (the openai rule looks at them), not followed.
    doNotFollow: { path: "node_modules" },
    // Type-only imports count for the layering rules: a web file can't even borrow a worker type.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.web.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
