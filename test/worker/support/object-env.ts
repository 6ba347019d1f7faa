// Replacing one of the Worker's bindings as a call's object sees it (a D1 that fails once, an R2 that
// holds its writes), for one test. The object's env is the runtime's one env object, shared by every
// test file that runs in this runtime (`isolate: false`), so the real binding goes back when the test ends.
import { runInDurableObject } from "cloudflare:test";
import { onTestFinished } from "vitest";
import type { CallSession } from "../../../worker/call/CallSession";
import type { Env } from "../../../worker/config/env";
import { callStub } from "./call";

/** From now until the test ends, the call's object (and the runtime) sees `replace(real)` as `env[name]`. */
export async function replaceBinding<K extends keyof Env>(callId: string, name: K, replace: (real: Env[K]) => Env[K]): Promise<void> {
  const restore = await runInDurableObject(callStub(callId), (instance: CallSession) => {
    const objectEnv = (instance as unknown as { env: Env }).env;
    const real = objectEnv[name];
    objectEnv[name] = replace(real);
    return () => {
      objectEnv[name] = real;
    };
  });
  onTestFinished(restore);
}
