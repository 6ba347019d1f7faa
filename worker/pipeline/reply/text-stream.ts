// The reply's text stream under its two deadlines: the first token within `firstTokenMs` (a transient
// failure before it is retried with backoff, as one step), the whole stream within `replyMs`. Once a
// token has arrived nothing is retried (the caller may already hear it): a failure after that ends the
// stream with a StepFailure. Cancelled at once when `signal` fires (barge-in, end of call).
import type { AiProvider, ReplyChunk, ReplyRequest } from "../../ai/provider";
import { raceAbort } from "../core/abortable";
import { abortError, isAbortError } from "../core/clock";
import { backoffMs, deadlineController, failure, isTransient, stageTimeout, type StepContext } from "../core/ai-steps";

export async function* guardedReply(
  ctx: StepContext,
  provider: AiProvider,
  request: ReplyRequest,
  signal: AbortSignal,
  onRetry: (err: unknown) => void,
): AsyncGenerator<ReplyChunk> {
  const { clock, settings } = ctx;
  const overall = deadlineController(clock, settings.replyMs, signal);
  const firstToken = deadlineController(clock, settings.firstTokenMs, overall.signal);
  const startedAt = clock.now();
  let retries = 0;
  try {
    for (;;) {
      const attempt = new AbortController();
      const stop = () => attempt.abort();
      overall.signal.addEventListener("abort", stop, { once: true });
      const iterator = provider.reply(request, attempt.signal)[Symbol.asyncIterator]();
      const close = () => {
        overall.signal.removeEventListener("abort", stop);
        attempt.abort();
        void Promise.resolve()
          .then(() => iterator.return?.())
          .catch(() => undefined);
      };
      let first: IteratorResult<ReplyChunk>;
      try {
        do first = await raceAbort(iterator.next(), firstToken.signal);
        while (!first.done && !first.value);
      } catch (err) {
        close();
        if (signal.aborted) throw abortError();
        if (firstToken.timedOut || overall.timedOut) throw stageTimeout("reply", settings.firstTokenMs, retries, "sent no first token");
        if (isAbortError(err)) throw abortError();
        const wait = backoffMs(retries + 1, ctx);
        const left = settings.firstTokenMs - (clock.now() - startedAt);
        if (!isTransient(err) || retries + 1 >= settings.maxAttempts || wait >= left) throw failure("reply", err, retries);
        retries++;
        onRetry(err);
        try {
          await clock.sleep(wait, firstToken.signal);
        } catch {
          if (signal.aborted) throw abortError();
          throw stageTimeout("reply", settings.firstTokenMs, retries, "sent no first token");
        }
        continue;
      }
      firstToken.dispose();
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          const next = await raceAbort(iterator.next(), overall.signal);
          if (next.done) return;
          yield next.value;
        }
      } catch (err) {
        if (signal.aborted) throw abortError();
        if (overall.timedOut) throw stageTimeout("reply", settings.replyMs, retries, "did not finish its reply");
        if (isAbortError(err)) throw abortError();
        throw failure("reply", err, retries);
      } finally {
        close();
      }
    }
  } finally {
    firstToken.dispose();
    overall.dispose();
  }
}
