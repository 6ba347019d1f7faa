// The rule-based engines' reply stream (offline and local): the dialogue manager's reply
// (dialogue/manager.ts) streamed word by word like a model's, then END_OF_CALL when it closes the call.
// A caller turn that asks for one of the actions on offer (dialogue/action-requests.ts) is answered
// with that action request instead: the pipeline runs it and says how it went.
import { END_OF_CALL, type ReplyChunk, type ReplyRequest } from "../provider";
import { actionRequestIn } from "./dialogue/action-requests";
import { respond, type DialogueOptions } from "./dialogue/manager";

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
}

export async function* dialogueReply(request: ReplyRequest, options: DialogueOptions, signal?: AbortSignal): AsyncIterable<ReplyChunk> {
  const turn = request.turn;
  const action = turn && (turn.recognized || turn.typed) && !request.safety ? actionRequestIn(turn.text, request.tools) : null;
  if (action) {
    throwIfAborted(signal);
    yield action;
    return;
  }
  const { text, closesCall } = respond(request, options);
  for (const piece of text.match(/\S+\s*/g) ?? []) {
    throwIfAborted(signal);
    yield piece;
  }
  if (closesCall) yield END_OF_CALL;
}
