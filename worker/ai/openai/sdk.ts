// The official `openai` client, loaded the first time an OpenAI-compatible stage runs. It is more than
// half of the Worker's bundled code (the main module was 1.77 MB with it, 0.84 MB without): imported
// statically, every isolate ran it at startup and kept what it made alive (~13,000 objects in a heap
// snapshot), though only OpenAI-compatible endpoints use it (by default none is configured). The
// production build puts it in a chunk of its own.
import type * as OpenAiModule from "openai";

export type OpenAiSdk = typeof OpenAiModule;

let loading: Promise<OpenAiSdk> | null = null;

/** The `openai` module, loaded once per isolate (a failed load is tried again on the next call). */
export function loadOpenAiSdk(): Promise<OpenAiSdk> {
  loading ??= import("openai").catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
