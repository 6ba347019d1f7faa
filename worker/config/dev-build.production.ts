// The production build's stand-in for dev-build.ts.
export const DEVELOPMENT_BUILD = false;
