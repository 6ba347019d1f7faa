import { describe, expect, it } from "vitest";
import { keepAudioRunning, shouldResume } from "../../../web/audio/keepRunning";

class FakeContext extends EventTarget {
  state = "running";
  resumes = 0;
  resume(): Promise<void> {
    this.resumes++;
    return Promise.resolve();
  }
  become(state: string) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}
class FakeDocument extends EventTarget {
  visibilityState = "visible";
  show(visibility: string) {
    this.visibilityState = visibility;
    this.dispatchEvent(new Event("visibilitychange"));
  }
}

describe("keepAudioRunning (a call's audio the browser suspends mid-call)", () => {
  it("resumes suspended or interrupted audio only while the page is visible", () => {
    expect(shouldResume("suspended", "visible")).toBe(true);
    expect(shouldResume("interrupted", "visible")).toBe(true);
    expect(shouldResume("suspended", "hidden")).toBe(false);
    expect(shouldResume("running", "visible")).toBe(false);
    expect(shouldResume("closed", "visible")).toBe(false);
  });

  it("resumes at once when the page is visible, else when it shows again; not after the off switch", () => {
    const ctx = new FakeContext();
    const doc = new FakeDocument();
    const off = keepAudioRunning(ctx, doc);
    ctx.become("suspended");
    expect(ctx.resumes).toBe(1);
    doc.show("hidden");
    ctx.become("interrupted");
    expect(ctx.resumes).toBe(1);
    doc.show("visible");
    expect(ctx.resumes).toBe(2);
    ctx.become("running");
    doc.show("visible");
    expect(ctx.resumes).toBe(2);
    off();
    ctx.become("suspended");
    doc.show("visible");
    expect(ctx.resumes).toBe(2);
  });

  it("a refused resume is not an unhandled rejection", async () => {
    const ctx = new FakeContext();
    ctx.resume = () => Promise.reject(new Error("not allowed"));
    const doc = new FakeDocument();
    keepAudioRunning(ctx, doc);
    ctx.become("suspended");
    await new Promise((r) => setTimeout(r, 0));
  });
});
