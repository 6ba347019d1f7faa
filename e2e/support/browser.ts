// Real Chromium (Debian's /usr/bin/chromium) through playwright-core, with a fake microphone.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(opts: { fakeAudioWav?: string } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run \`apt-get install chromium\` (.ci/run does).`);
  const args = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
    "--use-fake-ui-for-media-stream",
    "--use-fake-device-for-media-stream",
  ];
  if (opts.fakeAudioWav) args.push(`--use-file-for-fake-audio-capture=${opts.fakeAudioWav}`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args });
}
