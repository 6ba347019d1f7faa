// The official `openai` client, loaded the first time an OpenAI-compatible stage runs. It is most of the
// Worker's code (~1.3 MB of the ~2.6 MB of sources bundled): imported statically, every isolate parsed and
// ran it at startup and kept what it made alive for good — objects every full garbage collection marks
// again, on the thread every call shares — though it is used only when an OpenAI-compatible endpoint is
// configured (by default none is). The production build puts it in a chunk of its own.
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
