// What keeps the safety net quiet on everyday speech: idioms erased before any pattern runs ("dying to
// see", "dead tired", "kill the lights", "I could murder a pizza", "hit me up", "I can't breathe, I'm
// laughing so hard"), and the context guards patterns share (a film or game being told, a cooking or
// shaving accident, a trivial reason after "going to kill him", a phone rather than a person). An erased
// idiom becomes " ~ ", which no pattern's word gap crosses. Never erase a first-person intent ("kill
// myself", "want to die"): those have no idiomatic reading here.
import { rx } from "./rule";

/** Idioms taken out of the text before the patterns read it. */
export const IDIOM_SPANS: readonly RegExp[] = [
  rx("(?:cant|couldnt|could not) (?:breathe|catch my breath){gap4} (?:laugh|laughs|laughing|laughed|lol|haha|hahaha|lmao|lmfao|funny|hilarious)"),
  rx("(?:laugh|laughing|laughed|lol|haha|hahaha|lmao|lmfao|funny|hilarious){gap4} (?:cant|couldnt|could not) (?:breathe|catch my breath)"),
  rx("(?:die|died|dying|dead|death) (?:of|from|with) (?:embarrassment|shame|boredom|laughter|laughing|cringe|cuteness|happiness|excitement|jealousy|envy|curiosity|suspense|thirst|hunger|old age|a broken heart)"),
  rx("(?:die|died|dying|dead) laughing"),
  rx("dying (?:to|for) (?:see|know|meet|try|hear|get|go|watch|tell|find out|read|visit|eat|taste|a|an|some|the)"),
  rx("(?:bored|scared|starving|starved|worried|freezing|frozen|tired|sick|stressed|annoyed|frightened|loved|beaten|done) to death"),
  rx("(?:to|be) the death of (?:me|us|him|her)"),
  rx("dead (?:tired|serious|set|end|line|beat|on|wrong|last|ringer|weight|center|centre|easy|quiet|heat|battery|phone|zone|inside)"),
  rx("drop dead (?:gorgeous|beautiful)|over my dead body|cross my heart and hope to die"),
  rx("(?:kill|kills|killed|killing|slay|slayed|slaying) (?:it|this|that) (?:at|in|on|today|tonight|tomorrow|yesterday|last|out there)"),
  rx("(?:kill|kills|killed|killing|slay|slayed|slaying|nailed|crushed|smashed) it"),
  rx("kill (?:the|those|these|that|this) (?:lights?|music|engine|motor|mood|vibe|noise|process|app|tab|power|interview|exam|test|workout|presentation|boss|level|game|match)"),
  rx("(?:kill|killing|killed) (?:some )?time"),
  rx("(?:id|i would|would|could) (?:kill|murder) for"),
  rx("kill for (?:a|an|some|the|that|this)"),
  rx("(?:murder|murdered|kill|killed) (?:a|an|some|the|this|that) (?:pizza|burger|curry|drink|beer|coffee|steak|sandwich|kebab|taco|plate|meal|song|karaoke)"),
  rx("(?:got|get|were|we|they|was) (?:murdered|killed|slaughtered|destroyed) (?:in|at|on) (?:the|our|this|that|a) (?:game|playoffs|match|final|finals|polls|election|quiz|round|tournament|league)"),
  rx("(?:shoot|shot|shooting) (?:me|you|him|her|us|them) (?:an|a) (?:email|text|message|line|note|dm|invite|photo)"),
  rx("(?:shoot|shot|shooting) (?:the breeze|hoops|some hoops|a video|a photo|photos|some photos|some great photos|a film|a movie|a scene|the messenger|for the stars|my shot|your shot|our shot|down|zombies|aliens|targets)"),
  rx("(?:hit|hits|hitting) (?:me|him|her|us|them) up"),
  rx("(?:hit|hits) (?:me|us|him|her) (?:right )?(?:in the feels|different|hard in the feels)"),
  rx("(?:beat|beats|beating) (?:me|him|her|us|them) (?:at|in|to(?! death| a pulp)|by|fair and square)"),
  rx("(?:stab|stabs|stabbed|stabbing) (?:me|him|her|us|them) in the back(?! with)"),
  rx("(?:gave|give|giving|gives|nearly gave|almost gave) (?:me|him|her|us|them) a (?:heart attack|stroke)"),
  rx("(?:stopped|stop|quit) breathing down (?:my|his|her|our|their) neck|breathing down (?:my|his|her|our|their) neck"),
  rx("drowning in (?:work|homework|paperwork|emails|debt|bills|laundry|assignments)"),
  rx("(?:choking|choked) on (?:my|the|his|her|a) (?:coffee|tea|water|drink|soda|words|laughter|spit)"),
  rx("(?:choking|choked|choke|choke me) up|(?:choking|choked|choke) back (?:tears|a sob|sobs|emotion|my tears)"),
  rx("(?:touched|touches|moved) (?:me|us) (?:so much|deeply|with)"),
  rx("suicide (?:squad|doors?|sprints?|drills?|runs?|mission|pass|pact squad)"),
];

/** Telling a story: a film, show, book or game is the subject (checked before narrative cues). */
export const FICTION_WORDS =
  "movie|movies|film|films|show|series|episode|book|books|novel|story|game|games|level|character|characters|villain|hero|heroine|protagonist|season|chapter|scene|anime|cartoon|comic|play|song|lyrics|video game|documentary|podcast|news|article|actor|actress";

/** An accident, not an act: "cut myself shaving", "burnt myself on the pan", "hurt myself lifting". */
export const ACCIDENT_AFTER =
  "(?:[a-z0-9]+ ){0,3}(?:shaving|cooking|chopping|slicing|peeling|cutting (?:onions|vegetables|bread|meat)|baking|ironing|gardening|lifting|playing|skiing|running|climbing|fixing|at the gym|at work|by accident|accidentally|on (?:the|a|my) (?:pan|stove|oven|iron|kettle|pot|grill|tray|glass|knife|paper|edge|nail|fence|corner|door|table|counter|bike|ice|stairs)|while|when i (?:was|fell|tripped)|in the kitchen|a bit|a little|slightly)";

/** A trivial reason after "going to kill him": hyperbole about borrowed clothes and late friends. */
export const TRIVIAL_REASON_AFTER =
  "(?:if|when|for)(?: [a-z0-9]+){0,4} (?:late|again|borrows?|borrowed|borrowing|eats?|ate|eating|forgets?|forgot|forgetting|spoil|spoils|spoiled|spoiling|spoilers?|wakes? me|woke me|snoring|snores|takes? my (?:charger|fries|seat|parking)|finds? out|sees|hears|the bill|my grades)";

/** Things, not people: "the wifi is dead", "my computer is not responding". */
export const DEVICE_BEFORE =
  "(?:traffic|line|queue|bus|train|project|plan|plans|clock|time|phone|battery|laptop|computer|pc|tablet|screen|app|apps|server|website|site|email|printer|tv|mouse|keyboard|program|wifi|internet|router|car|engine|plant|plants|fish|goldfish|bridge|roof|deal|market|economy|building|cake|souffle|plan|talks|company|tent|team|stock|stocks|game|system)";
