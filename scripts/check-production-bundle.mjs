// Fails the production build if the local speech engines (or the local Echo's wink-nlp tagger) got into it: they are far over Cloudflare's
// upload limit and meant for local development and self-hosting only (vite.config.ts leaves them out).
// Checks every file the build wrote for the engines' marks and the bundle's total size.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const DIST = process.argv[2] ?? "dist";
/** Cloudflare's limit for a Worker bundle on the paid plan (compressed 10 MB; raw size is a safe bound). */
const MAX_WORKER_BYTES = 10 * 1024 * 1024;
/** PocketSphinx, its model, flite; and wink-nlp (the local Echo's tagger, worker/ai/local/wink-language.ts). */
const MARKS = ["_echo_decoder_new", "acmod_process_cep", "Trie Language Model", "cmu_us_slt", "wink-nlp: word vectors are not loaded"];

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

const problems = [];
let workerBytes = 0;
for (const file of files(DIST)) {
  const size = statSync(file).size;
  if (!file.includes(`${DIST}/client`)) workerBytes += size;
  const text = readFileSync(file).toString("latin1");
  for (const mark of MARKS) if (text.includes(mark)) problems.push(`${file} contains "${mark}" (a local speech engine)`);
}
if (workerBytes > MAX_WORKER_BYTES) problems.push(`the Worker bundle is ${(workerBytes / 1048576).toFixed(1)} MB (limit ${MAX_WORKER_BYTES / 1048576} MB)`);
if (problems.length > 0 && process.env.ECHO_LOCAL_SPEECH !== "1") {
  console.error(`Production bundle check failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`Production bundle check: no local speech engine, Worker ${(workerBytes / 1048576).toFixed(2)} MB.`);
