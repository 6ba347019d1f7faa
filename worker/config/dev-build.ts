// Whether this is a development build: true for `vite dev` and the workerd tests. A production build
// (`vite build`) replaces this module with dev-build.production.ts (scripts/local-speech-alias.ts,
// DEV_ONLY_OUT), so what only development may use (the mail outbox) is refused there by configuration.
export const DEVELOPMENT_BUILD = true;
