import { describe, expect, it } from "vitest";
import { callReducer, initialCallState } from "../../../web/testcall/callState";
import { startFailureMessage } from "../../../web/testcall/micMessages";

const failed = (err: unknown) => {
  const starting = callReducer(initialCallState, { type: "start" });
  return callReducer(starting, { type: "start-failed", message: startFailureMessage(err) }).error;
};

describe("Failed to start call: the microphone's failures say what to do (spec §8 prefix kept)", () => {
  it.each([
    ["NotAllowedError", "Permission denied", /^Failed to start call: Microphone access is blocked\. Allow the microphone for this site in your browser's site settings/],
    ["SecurityError", "The operation is insecure.", /^Failed to start call: This page may not use the microphone\. Open it over https/],
    ["NotFoundError", "The object can not be found here.", /^Failed to start call: No microphone was found\. Plug in a microphone/],
    ["NotReadableError", "Could not start audio source", /^Failed to start call: The microphone could not be started\. Close any other app using it/],
    ["OverconstrainedError", "", /^Failed to start call: Your microphone can't record the way this call needs\. Pick another microphone/],
  ])("%s (browser text %j)", (name, browserText, expected) => {
    const text = failed(new DOMException(browserText, name));
    expect(text).toMatch(expected);
    if (browserText) expect(text).not.toContain(browserText);
  });

  it("Chrome's OverconstrainedError (not a DOMException) is matched by its name", () => {
    expect(failed(Object.assign(new Error(""), { name: "OverconstrainedError", constraint: "sampleRate" }))).toMatch(/^Failed to start call: Your microphone can't record/);
  });

  it("other failures keep their own text", () => {
    expect(failed(new Error("Connection timed out after 10 seconds"))).toBe("Failed to start call: Connection timed out after 10 seconds");
    expect(failed(new Error("Your browser does not support microphone access"))).toBe("Failed to start call: Your browser does not support microphone access");
    expect(failed(new DOMException("boom", "InvalidStateError"))).toBe("Failed to start call: boom");
    expect(failed("plain")).toBe("Failed to start call: plain");
    expect(failed(undefined)).toBe("Failed to start call: Unknown error");
  });
});
