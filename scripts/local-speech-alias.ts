// The resolve alias that leaves the local speech engines (PocketSphinx + flite, ~60 MB) out of a build:
// worker/ai/local/available.ts becomes available.production.ts, and worker/config/local-speech-build.ts
// its .production.ts (the build says it has no engines). Used by vite.config.ts (production
// builds, and `vite dev` with ECHO_LOCAL_SPEECH=0) and vitest.config.ts (every workerd test project
// except worker-local-speech).
/** What only development may use (the mail outbox): a production build (`vite build`) says it is not one. */
export const DEV_ONLY_OUT = [{ find: /^(.*)\/dev-build$/, replacement: "$1/dev-build.production" }];

export const LOCAL_SPEECH_OUT = [
  { find: /^(.*\/local)\/available$/, replacement: "$1/available.production" },
  { find: /^(.*)\/local-speech-build$/, replacement: "$1/local-speech-build.production" },
];
