// The emotion colours: every pair is told apart (CIELAB distance) in normal vision and under simulated
// deuteranopia and protanopia, and every colour has at least 3:1 contrast on white (WCAG 1.4.11, chart marks).
import { describe, expect, it } from "vitest";
import { EMOTIONS } from "../../../protocol/call-messages";
import { EMOTION_COLORS, emotionLabel } from "../../../web/lib/emotionColors";

type Rgb = [number, number, number];

const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255)) as Rgb;
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const contrastOnWhite = (hex: string) => 1.05 / (luminance(rgbOf(hex)) + 0.05);

function lab([r, g, b]: Rgb): Rgb {
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

// Viénot, Brettel & Mollon (1999), in linear RGB.
const SIMULATIONS: Record<string, (c: Rgb) => Rgb> = {
  normal: (c) => c,
  deuteranopia: ([r, g, b]) => [0.29275 * r + 0.70725 * g, 0.29275 * r + 0.70725 * g, -0.02234 * r + 0.02234 * g + b],
  protanopia: ([r, g, b]) => [0.11238 * r + 0.88762 * g, 0.11238 * r + 0.88762 * g, 0.00401 * r - 0.00401 * g + b],
};

const clamp = (c: Rgb) => c.map((v) => Math.min(1, Math.max(0, v))) as Rgb;
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

describe("emotion colours", () => {
  it("every emotion has its own colour, with at least 3:1 contrast on white", () => {
    expect(new Set(EMOTIONS.map((e) => EMOTION_COLORS[e])).size).toBe(EMOTIONS.length);
    for (const e of EMOTIONS) expect(contrastOnWhite(EMOTION_COLORS[e]), e).toBeGreaterThanOrEqual(3);
  });

  for (const [vision, simulate] of Object.entries(SIMULATIONS)) {
    it(`every pair is told apart (ΔE ≥ 20) in ${vision} vision, anger and surprise included`, () => {
      for (const a of EMOTIONS) {
        for (const b of EMOTIONS) {
          if (a >= b) continue;
          const d = distance(lab(clamp(simulate(rgbOf(EMOTION_COLORS[a])))), lab(clamp(simulate(rgbOf(EMOTION_COLORS[b])))));
          expect(d, `${a} / ${b}`).toBeGreaterThanOrEqual(20);
        }
      }
    });
  }

  it("the old anger and surprise pinks would fail the check", () => {
    expect(distance(lab(rgbOf("#e11d48")), lab(rgbOf("#db2777")))).toBeLessThan(30);
    expect(distance(lab(clamp(SIMULATIONS.deuteranopia!(rgbOf("#7c3aed")))), lab(clamp(SIMULATIONS.deuteranopia!(rgbOf("#2563eb")))))).toBeLessThan(20);
  });

  it("names emotions as the rest of the app does", () => {
    expect(EMOTIONS.map(emotionLabel)).toEqual(["Joy", "Sadness", "Anger", "Fear", "Surprise", "Calm"]);
  });
});
