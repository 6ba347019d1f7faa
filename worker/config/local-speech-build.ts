// Whether this build carries the local speech engines (worker/ai/local/available.ts builds them): true in
// development builds. A production build (`vite build`), and every workerd test project but
// worker-local-speech, replace this module with local-speech-build.production.ts (scripts/local-speech-alias.ts).
// A module of its own so settings can ask without importing the engines' folder.
export const LOCAL_SPEECH_AVAILABLE = true;
