// The rule-based engines' reply stream (offline and local): the dialogue manager's reply
// (dialogue/manager.ts) streamed word by word like a model's, then END_OF_CALL when it closes the call.
import { END_OF_CALL, type ReplyRequest } from "../provider";
import { respond, type DialogueOptions } from "./dialogue/manager";

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
}

export async function* dialogueReply(request: ReplyRequest, options: DialogueOptions, signal?: AbortSignal): AsyncIterable<string> {
  const { text, closesCall } = respond(request, options);
  for (const piece of text.match(/\S+\s*/g) ?? []) {
    throwIfAborted(signal);
    yield piece;
  }
  if (closesCall) yield END_OF_CALL;
}
