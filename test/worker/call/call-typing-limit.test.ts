// A browser test call takes TYPED_PER_MINUTE typed messages a minute (each queues a full reply): one
// more is refused with a readable error, and the call goes on.
import { describe, expect, it } from "vitest";
import { TYPED_PER_MINUTE, TYPING_TOO_FAST } from "../../../worker/limits/typed-messages";
import { d1Transcript, startTestCall } from "../support/call";

describe("typed messages per call", { timeout: 60_000 }, () => {
  it(`the ${TYPED_PER_MINUTE + 1}th message within a minute answers "typing-limit" and is not heard`, async () => {
    const { socket, callId } = await startTestCall();
    for (let i = 1; i <= TYPED_PER_MINUTE + 1; i++) socket.send({ type: "text_input", text: `Message number ${i}.` });
    expect(await socket.next("error", 15_000)).toEqual({ type: "error", error: TYPING_TOO_FAST, code: "typing-limit" });
    // The twelve before it were heard (their transcriptions came before the refusal).
    expect(socket.all<{ text: string }>("transcription").map((m) => m.text)).toContain(`Message number ${TYPED_PER_MINUTE}.`);
    socket.send({ type: "end_call" });
    await socket.next("call_ended", 30_000);
    const heard = (await d1Transcript(callId)).filter((e) => e.speaker === "caller").map((e) => e.text);
    expect(heard).toHaveLength(TYPED_PER_MINUTE);
    expect(heard).not.toContain(`Message number ${TYPED_PER_MINUTE + 1}.`);
    expect(socket.all("error")).toHaveLength(1);
  });
});
