import { describe, expect, it } from "vitest";
import { type AudioSessionNavigator, enterPlaybackSession } from "../../../web/audio/audioSession";

describe("enterPlaybackSession (iOS: Listen is not muted by the silent switch)", () => {
  it("sets the audio session to playback, and puts the previous type back", () => {
    const nav: AudioSessionNavigator = { audioSession: { type: "auto" } };
    const leave = enterPlaybackSession(nav);
    expect(nav.audioSession?.type).toBe("playback");
    leave();
    expect(nav.audioSession?.type).toBe("auto");
  });

  it("leaves a type someone set since alone", () => {
    const nav: AudioSessionNavigator = { audioSession: { type: "auto" } };
    const leave = enterPlaybackSession(nav);
    nav.audioSession!.type = "play-and-record";
    leave();
    expect(nav.audioSession?.type).toBe("play-and-record");
  });

  it("does nothing where the browser has no audio session", () => {
    const nav: AudioSessionNavigator = {};
    expect(() => enterPlaybackSession(nav)()).not.toThrow();
    expect(nav).toEqual({});
  });
});
