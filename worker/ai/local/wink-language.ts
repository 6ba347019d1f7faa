// The dialogue manager's tagger in local builds: wink-nlp with its English "lite web" model (a trained
// part-of-speech tagger, ~95 % accurate; plain JavaScript and JSON, no fs, eval or wasm, so it runs in
// workerd). Loaded on first use (~0.1–0.2 s, once per isolate), then ~0.2 ms a line. It lives beside
// the local speech engines, so the production bundle never carries it (~3.5 MB of model; see
// available.ts and scripts/check-production-bundle.mjs).
import winkNLP from "wink-nlp";
import model from "wink-eng-lite-web-model";
import { spellOut, type Language, type Pos, type Token } from "../offline/dialogue/language";

const TAGS = new Set<Pos>(["PRON", "DET", "NOUN", "PROPN", "VERB", "AUX", "ADJ", "ADV", "ADP", "CCONJ", "SCONJ", "PART", "INTJ", "NUM", "PUNCT"]);

type Wink = ReturnType<typeof winkNLP>;
let loaded: Wink | null = null;

function wink(): Wink {
  loaded ??= winkNLP(model);
  return loaded;
}

function tag(text: string): Token[] {
  const nlp = wink();
  const doc = nlp.readDoc(spellOut(text));
  const texts = doc.tokens().out();
  const tags = doc.tokens().out(nlp.its.pos);
  const tokens: Token[] = [];
  texts.forEach((word, i) => {
    const raw = tags[i] ?? "X";
    const pos: Pos = TAGS.has(raw as Pos) ? (raw as Pos) : raw === "SYM" ? "PUNCT" : "X";
    if (raw === "SPACE") return;
    tokens.push({ text: word, lower: word.toLowerCase(), pos });
  });
  return tokens;
}

export const winkLanguage: Language = { name: "wink-nlp", tag };
