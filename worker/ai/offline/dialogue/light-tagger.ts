// The built-in part-of-speech tagger: closed-class words from a lexicon (pronouns, determiners,
// prepositions, auxiliaries, conjunctions), common verbs, adjectives and adverbs from word lists and
// endings, the rest a noun (a proper noun when capitalised mid-sentence). Small (a few KB) and
// instant: the offline engine's tagger, the one production carries. Rougher than wink-nlp's model
// (its figures side by side: `npm run bench -- dialogue`). Pure.
import { spellOut, type Language, type Pos, type Token } from "./language";

const words = (text: string): string[] => text.split(" ");

const CLOSED: Array<[Pos, string]> = [
  ["PRON", "i me my mine myself you your yours yourself yourselves he him his himself she her hers herself it its itself we us our ours ourselves they them their theirs themselves what who whom whose someone somebody everyone everybody nobody something nothing everything anything anyone"],
  ["DET", "a an the this that these those some any every each no another all both either neither"],
  ["ADP", "about above across after against along among around at before behind below beside between beyond by during except for from in inside into near of off on onto out outside over past through throughout to toward towards under until upon with within without"],
  ["CCONJ", "and but or nor yet"],
  ["SCONJ", "because since although though if unless while whereas whether as"],
  ["AUX", "am is are was were be been being have has had do does did will would shall should can could may might must 's 're 'm 've 'll 'd"],
  ["PART", "not n't"],
  ["ADV", "very really so too just now then here there today tonight tomorrow yesterday always never often sometimes again still already also soon later ever even quite pretty rather almost maybe perhaps how why when where lately recently together away back anymore"],
  ["INTJ", "hi hello hey bye goodbye thanks okay ok yes no yeah yep nope oh wow um uh hmm er please well alright"],
  ["NUM", "one two three four five six seven eight nine ten eleven twelve twenty thirty hundred thousand"],
  ["ADJ", "next last new old good bad big small great little long short first whole sure ready busy tired sick happy sad angry upset worried anxious scared afraid nervous lonely excited glad proud hard easy difficult fine okay lovely awful terrible wonderful amazing stressed overwhelmed frustrated annoyed depressed exhausted hurt thrilled grateful bored confused hopeless free late early own other same different important wrong right real nice bright dark cold hot warm fun funny crazy quiet loud better worse best worst much many more most"],
];

/** Common verbs, base forms (inflections by ending: -s, -ed, -ing) and irregular forms. */
const VERBS = new Set(
  words(
    "miss love hate like want need feel think know see look go come get make take give tell say ask call help try work play start stop keep let put " +
      "leave find lose win pass die live move talk speak listen hear watch read write learn study teach eat drink sleep run walk drive fly buy sell pay " +
      "meet remember forget wish hope worry care cry laugh smile fail finish plan wait change open close break fix send bring carry hold sit stand " +
      "remind book schedule set order cook clean wake visit travel celebrate marry graduate quit hire fire yell shout argue fight lie believe mean " +
      "went gone came got gotten made took taken gave given told said felt thought knew known saw seen found left lost won passed died lived met " +
      "broke broken brought bought sent kept held sat stood ran run ate eaten drank slept wrote written read heard paid begun began became become fell",
  ),
);

const CLOSED_TAGS = new Map<string, Pos>();
for (const [pos, list] of CLOSED) for (const w of words(list)) if (!CLOSED_TAGS.has(w)) CLOSED_TAGS.set(w, pos);

const SUBJECTS = new Set(words("i you we they he she it"));

function verbLike(lower: string): boolean {
  if (VERBS.has(lower)) return true;
  for (const ending of ["ing", "ed", "es", "s"]) {
    if (lower.endsWith(ending) && VERBS.has(lower.slice(0, -ending.length))) return true;
    if (ending !== "s" && lower.endsWith(ending) && VERBS.has(`${lower.slice(0, -ending.length)}e`)) return true;
  }
  return false;
}

function adjectiveLike(lower: string): boolean {
  return /(ful|ous|ive|less|able|ible)$/.test(lower) && lower.length > 5;
}

export function tagWords(text: string): Token[] {
  const raw = spellOut(text).match(/[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]|\d+(?::\d+)?|[.,!?;:…]/g) ?? [];
  const tokens: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i] ?? "";
    const lower = word.toLowerCase();
    const previous = tokens[i - 1];
    let pos: Pos;
    if (/^[.,!?;:…]$/.test(word)) pos = "PUNCT";
    else if (/^\d/.test(word)) pos = "NUM";
    else if (lower === "to" && raw[i + 1] && verbLike((raw[i + 1] ?? "").toLowerCase())) pos = "PART";
    else if (CLOSED_TAGS.has(lower) && !(lower === "that" && previous && previous.pos !== "PUNCT" && previous.pos !== "ADP")) pos = CLOSED_TAGS.get(lower) ?? "X";
    else if (lower === "that") pos = "SCONJ";
    else if (verbLike(lower) && (!previous || previous.pos !== "DET")) pos = "VERB";
    else if (adjectiveLike(lower)) pos = "ADJ";
    else if (previous && SUBJECTS.has(previous.lower) && /(ed|s)$/.test(lower)) pos = "VERB";
    else if (/ly$/.test(lower) && lower.length > 4) pos = "ADV";
    else if (/^[A-Z]/.test(word) && previous && previous.pos !== "PUNCT") pos = "PROPN";
    else pos = "NOUN";
    tokens.push({ text: word, lower, pos });
  }
  return tokens;
}

export const lightLanguage: Language = { name: "lexicon", tag: tagWords };
