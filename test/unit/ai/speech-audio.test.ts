// What /v1/audio/speech sends back → 16 kHz PCM (worker/ai/openai/speech-audio.ts).
import { describe, expect, it } from "vitest";
import { decodeSpeechAudio, SpeechAudioError } from "../../../worker/ai/openai/speech-audio";
import { buildWav } from "../../../worker/audio/wav";
import { pcm16ToBytes } from "../../../protocol/pcm16";

const ramp = (n: number) => Int16Array.from({ length: n }, (_, i) => (i % 200) * 50);

describe("decodeSpeechAudio", () => {
  it("reads WAV at any rate (its header wins over the configured format) and brings it to 16 kHz", () => {
    expect(decodeSpeechAudio(buildWav(ramp(24000), 24000), "wav", 24000, "audio/wav").samples.length).toBe(16000);
    expect(decodeSpeechAudio(buildWav(ramp(16000), 16000), "pcm", 24000, null)).toMatchObject({ sampleRate: 16000 });
    expect(decodeSpeechAudio(buildWav(ramp(22050), 22050), "wav", 24000, "audio/wav").samples.length).toBe(16000);
  });

  it("reads raw PCM at the configured rate", () => {
    const audio = decodeSpeechAudio(pcm16ToBytes(ramp(48000)), "pcm", 48000, "audio/pcm");
    expect(audio).toMatchObject({ sampleRate: 16000 });
    expect(audio.samples.length).toBe(16000);
  });

  it("refuses MP3 (by content type, ID3 tag or MPEG frame sync), non-WAV bytes and empty audio", () => {
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    const frame = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0, 0]);
    expect(() => decodeSpeechAudio(id3, "wav", 24000, "application/octet-stream")).toThrow(/MP3 audio, which a Worker can't decode/);
    expect(() => decodeSpeechAudio(frame, "pcm", 24000, null)).toThrow(SpeechAudioError);
    expect(() => decodeSpeechAudio(buildWav(ramp(100), 16000), "wav", 24000, "audio/mpeg")).toThrow(/MP3/);
    expect(() => decodeSpeechAudio(new TextEncoder().encode("OggS...."), "wav", 24000, "audio/ogg")).toThrow(/audio\/ogg that is not WAV \(first bytes 4f 67 67 53\)/);
    expect(() => decodeSpeechAudio(new Uint8Array(0), "pcm", 24000, null)).toThrow(/no audio/);
  });

  it("plays raw PCM whose first sample happens to read as a frame sync (-1 is 0xFF 0xFF)", () => {
    const quiet = new Int16Array(2400).map((_, i) => (i === 0 ? -1 : Math.round(30 * Math.sin(i / 9))));
    const audio = decodeSpeechAudio(new Uint8Array(quiet.buffer), "pcm", 24000, "audio/pcm");
    expect(audio.sampleRate).toBe(16000);
    expect(audio.samples.length).toBe(1600);
  });
});
