// Makes provider calls stop at once when a reply is cancelled, even if the provider itself is slow to
// notice its AbortSignal.
import { abortError } from "./clock";

/** Settles like `promise`, or rejects with an AbortError as soon as `signal` aborts. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined); // it may still fail later: never an unhandled rejection
    return Promise.reject(abortError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Iterates `source` until it ends or `signal` aborts (then the source is closed and an AbortError thrown). */
export async function* abortableStream<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    void iterator.return?.()?.catch(() => undefined);
  }
}
