// The production build's stand-in for local-speech-build.ts: this build has no local speech engines.
export const LOCAL_SPEECH_AVAILABLE = false;
