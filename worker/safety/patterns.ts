// The safety net's phrase patterns, per category (issue 40 §4): first person ("I want to kill myself"),
// third person ("my friend says she wants to kill herself"), paraphrases ("everyone would be better off
// without me", "he hits me", "she's not breathing"). They read normalized text (worker/safety/normalize.ts)
// after idioms are erased (worker/safety/idioms.ts); each names its cue, and guards clear the readings
// that are not a risk (an accident, a film's plot, a trivial reason, a phone that "died").
// Rules of thumb: a first-person intent is never cleared by a guard; guards are narrow and local.
import { ACCIDENT_AFTER, DEVICE_BEFORE, FICTION_WORDS, TRIVIAL_REASON_AFTER } from "./idioms";
import { after, before, near, rx, type SafetyRule } from "./rule";

const REL =
  "newborn|infant|toddler|babies|twins|stepkids|grandson|granddaughter|grandchild|grandkids|nephew|niece|stepbrother|stepsister|brother in law|sister in law|son in law|daughter in law|husband|wife|boyfriend|girlfriend|partner|bf|gf|fiance|fiancee|ex|ex husband|ex wife|ex boyfriend|ex girlfriend|dad|father|stepdad|stepfather|mom|mum|mother|stepmom|stepmother|brother|sister|son|daughter|uncle|aunt|cousin|grandpa|grandfather|grandma|grandmother|roommate|flatmate|parents|parent|kids|kid|child|children|baby|boss|coworker|coworkers|co worker|neighbor|neighbour|neighbors|friend|best friend|teacher|classmate|classmates|spouse|family|stepson|stepdaughter|landlord|manager|carer|caregiver";
const G = {
  REL,
  SELF3: "himself|herself|themselves|themself",
  OBJ: `him|her|them|other people|others|(?:that|this|the) (?:man|woman|guy|girl|person|kid|boy|dude|lady|bastard|bitch|jerk|idiot)|my (?:little |baby |younger |older |big )(?:${REL})|my (?:students|patients|pupils|colleagues|colleague|clients|teammates|class)|someone|somebody|people|everyone|everybody|anyone|anybody|my (?:${REL})|his (?:${REL})|her (?:${REL})|their (?:${REL})|the people|those people|that guy|this guy|that girl|the kids|the baby|a kid|my moms boyfriend`,
  ABUSER: `he|she|they|hes|shes|theyre|my (?:(?:${REL})s )?(?:${REL})|my moms (?:boyfriend|husband)|my dads (?:girlfriend|wife)|her (?:boyfriend|husband)|his (?:girlfriend|wife)`,
  // Not partners: "my husband is going to kill me" is a threat; "my mom is going to kill me" hyperbole.
  FAMILY: "mom|mum|mother|dad|father|parents|sister|brother|boss|teacher|coach|grandma|grandpa|nan|gran|aunt|uncle|friend|friends|roommate|moms|mums|dads|bosss",
  PARTNER: "he|she|hes|shes|my (?:husband|wife|boyfriend|girlfriend|partner|bf|gf|fiance|fiancee|ex|spouse)",
  VICTIM: `me|us|(?:my|our) (?:little |baby |younger |older |big |two |three )?(?:${REL})|the kids|the baby|her|him`,
  HARMV:
    "kill|killing|murder|murdering|hurt|hurting|harm|harming|hit|hitting|slap|slapping|kick|kicking|smack|smacking|stab|stabbing|shoot|shooting|strangle|strangling|beat|beating|attack|attacking|choke|choking|poison|poisoning|punch|punching|smother|smothering|drown|drowning|run over",
  INTENT:
    "going to|want to|wants to|wanted to|about to|plan to|plans to|planning to|planning on|thinking about|thinking of|thought about|think about|thought of|thoughts of|thoughts about|urge to|urges to|tempted to|ready to|feel like|might|will|ill|hell|shell|could end up|try to|trying to|intend to|keep thinking about|imagining|imagine|picturing|picture|dreaming about|dream about|daydreaming about|daydream about|obsessing over|fantasize about|fantasise about|fantasizing about|fantasising about|going to go|snap and|lose it and|lose control and|revenge and|get even and|go over there and|go there and|go and|come over and|find (?:him|her|them) and",
  ABUSEV:
    "hits|hit|hitting|beats|beat|beating|beaten|beats up|beat up|punches|punched|punching|slaps|slapped|slapping|kicks|kicked|kicking|chokes|choked|choking|strangles|strangled|strangling|pushes|pushed|pushing|shoves|shoved|shoving|burns|burned|burnt|bites|drags|dragged|hurts|hurting|abuses|abused|abusing|attacks|attacked|attacking|smacks|smacked|whips|whipped|stabs|stabbed|threatens|threatened|threatening|knocked|rapes|raped|raping|molests|molested|molesting",
  PERSON: `i|im|he|she|they|hes|shes|theyre|my (?:${REL}|grandad|granny|nan|husband)|someone|somebody|a man|a woman|a guy|a lady|the baby|the kid|him|her|them`,
};

/** A story being told: "in the movie …", "the show where …", "the villain …" (not a mere mention of a film). */
const FICTION_BEFORE = near(`(?:in|on) (?:the|that|this|a|an) (?:${FICTION_WORDS})|(?:the|that|this|a|an) (?:${FICTION_WORDS}){gap2} (?:where|when|about|in which)|villain|hero|heroine|protagonist|character|characters|actor|actress|narrator|the killer`);
const GYM_AFTER = after("{lead4}(?:workout|working out|gym|bench|benching|lifting|push ups|pushups|chest day|leg day|training|run|running|yoga|sleeping on it)");
const NOT_A_PERSON_BEFORE = before(`(?:${DEVICE_BEFORE}){gap3}`);

const THREAT = "(?:going to|will|would|wants to|want to|hed|shed|hell|shell|ll|about to) (?:kill|hurt|murder|beat|strangle|choke|stab|shoot|drown|burn|break) (?:me|us|my kids|the kids|the baby|my children|my mom|my mum|my neck|my arm)";

const s = (id: string, source: string, extra: Partial<SafetyRule> = {}): SafetyRule => ({ id: `self_harm.${id}`, category: "self_harm", pattern: rx(source, G), ...extra });
const h = (id: string, source: string, extra: Partial<SafetyRule> = {}): SafetyRule => ({ id: `harm_to_others.${id}`, category: "harm_to_others", pattern: rx(source, G), ...extra });
const a = (id: string, source: string, extra: Partial<SafetyRule> = {}): SafetyRule => ({ id: `abuse_at_home.${id}`, category: "abuse_at_home", pattern: rx(source, G), ...extra });
const m = (id: string, source: string, extra: Partial<SafetyRule> = {}): SafetyRule => ({ id: `medical_emergency.${id}`, category: "medical_emergency", pattern: rx(source, G), ...extra });

export const SELF_HARM_RULES: readonly SafetyRule[] = [
  s("kill_myself", "(?:kill|killing|killed|kills|unalive|unaliving) myself|to off myself", { negatable: true }),
  s("end_my_life", "(?:end|ending|take|taking|took) my (?:own )?life|end to my (?:own )?life|end (?:my|all my|this) suffering for good|put myself out of my misery", { negatable: true }),
  s("suicide", "suicide|suicidal|suicidality", { negatable: true, unlessBefore: FICTION_BEFORE }),
  s("want_to_die", "(?:want|wants|wanted|wanting|ready|deserve|deserves|just want|wish i could|wish to|hope to|going to go) (?:just )?to (?:just )?die|wish i could (?:just )?die|want to be dead|(?:hope|hoping|pray|praying|wish|wishing) (?:that )?(?:i (?:would |could |will |might )?|id |ill )(?:just )?(?:die|be dead|get hit by a (?:car|bus|truck))", {
    negatable: true,
    unlessAfter: after("(?:laughing|happy|old|in my sleep when|of old age|at 100|at a hundred)"),
  }),
  s("wish_dead", "wish (?:i|id) (?:was|were|had) (?:dead|died|never been born|not been born|never existed)|wish i (?:wasnt|werent) (?:alive|here|born)|(?:had never|hadnt) been born|better off dead|rather be dead|id be dead"),
  s("alive_anymore", "(?:want|wants|wanna) to (?:be alive|live|exist|keep living|be here|be on this earth|be in this world|be on earth) anymore|(?:go to sleep|fall asleep|sleep) forever and never|(?:go to sleep|fall asleep) forever"),
  s("not_live", "(?:dont|doesnt|didnt|no longer|never|really dont|just dont) (?:really )?(?:want|wants) to (?:live|be alive|exist|be here anymore|wake up|go on|go on living|keep living|keep going|be around anymore)", {
    unlessAfter: after("(?:in|with|near|there|at|on|together|like that|as a|up|until|till|early|for|at the)"),
  }),
  s("better_for_everyone", "(?:better off|happier|easier|better)(?: for| to) (?:everyone|everybody|my family|them|people|all of them|the world)(?: [a-z0-9]+){0,1} (?:without me|if i (?:just )?(?:was|were|wasnt|werent) (?:gone|dead|here|around|alive)|if i (?:just )?(?:died|disappeared))"),
  s("better_off_without_me", "(?:everyone|everybody|the world|my family|my kids|people|they|all|world|nobody|no one)(?: [a-z0-9]+){0,4} (?:better off|better|happier|easier|be fine) (?:without me|if i (?:just )?(?:was|were|wasnt|werent|wasnt here|was gone|were gone|was dead|were dead|died|disappeared|left for good|wasnt around|werent around)|if i (?:just )?(?:died|disappeared|was not here))"),
  s("no_reason_to_live", "(?:no|nothing|not any|whats the|what the|dont see the|dont see any|cant see the|cant see any|see no|lost my|lost the|lost all|theres no|is there a) (?:reason|point|purpose|will){gap3} (?:to|in|of|for) (?:keep |go on |going on |even )?(?:live|living|being alive|be alive|staying alive|stay alive|life|existing|exist|being here|be here|be around|go on|going on|getting up|wake up|waking up)"),
  s("nothing_to_live_for", "(?:nothing|no one|nobody|no reason|not much) (?:left )?to live for|(?:not|isnt|aint) worth living|life (?:isnt|is not|aint|not) worth (?:it|living)"),
  s("end_it", "(?:decided|going|ready|want|wanted|planning|plan|about|time) to end it|(?:feel like|thinking about|thinking of|think about|talking about|talks about|talked about) ending it", {
    negatable: true,
    unlessAfter: after("(?:with|between|there|here|on a|early|now with|off with)"),
  }),
  s("if_i_was_gone", "(?:care|notice|miss me|matter|cry|even know|be sad|favou?r|better|easier|happier|relief|be fine)(?: [a-z0-9]+){0,4} if i (?:just )?(?:was dead|were dead|was gone|were gone|died|disappeared|wasnt here|wasnt around|werent here|was not here|killed myself)", {
    unlessAfter: after("(?:for|on|to|until|till|tomorrow|this|next|over)"),
  }),
  s("almost_did", "(?:almost|nearly) (?:jumped|jump|killed myself|did it|went through with it|ended it|overdosed|hanged myself)|(?:dont|cant|do not|really dont|cannot) (?:really )?see myself (?:being )?(?:alive|around|here|living) (?:next|in a|in five|in ten|by|much longer|for much)", {
    unlessAfter: after("(?:out of my skin|for joy|when|at the|up|in the (?:pool|lake|water|air))"),
  }),
  s("not_here_tomorrow", "(?:dont think|not sure|doubt) (?:ill|im going to|i will) (?:be here|be around|be alive|still be here|still be alive|make it) (?:tomorrow|next week|much longer|for long|by|through the night)|(?:dont think|not sure) (?:ill|i will) (?:be alive|still be alive)", {
    unlessAfter: after("(?:because|im|i have|at|for|since|as)"),
  }),
  s("do_it_tonight", "tonight is the night|going to do it tonight|(?:doing|do) it tonight", { borderline: "distress" }),
  s("easier_to_die", "(?:easier|better|simpler) (?:to just|to|if i just|if i) (?:die|be dead|end it|not be here|not exist|disappear forever)"),
  s("ways_to_die", "(?:ways|how|methods) to (?:die|kill myself|end my life|end it all)|(?:ways|methods) of (?:dying|killing myself|suicide)|(?:it|everything|it all|my life|the pain) to (?:end|stop|be over) (?:permanently|forever|for good)|(?:put|putting) an end to (?:everything|it all|my life|myself|my suffering)|(?:in case|if) i dont make it (?:through|past) (?:tonight|the night|this weekend|the weekend)|(?:stood|standing|stand|sat|sitting) (?:on|at) the (?:edge|ledge) of (?:the|a|my) (?:roof|bridge|building|cliff|balcony|platform|tracks)", {
    unlessBefore: FICTION_BEFORE,
  }),
  s("take_them_all", "(?:going to|want to|will|about to|ready to|ill) (?:take|swallow) (?:them all|all of them|the whole bottle|the lot|every single one|the whole pack)", {
    needBefore: near("(?:pills|tablets|meds|medication|medicine|painkillers|bottle)"),
  }),
  s("third_person_cutting", "(?:has been|have been|hes been|shes been|theyve been|is|keeps|started|been|was|caught (?:her|him|them)) cutting(?= again| (?:her|his|their) (?:arms|wrists|legs|thighs|skin)| $)"),
  s("how_to_do_it", "(?:thought|thinking|think) about how (?:i would|id|i could|i will|ill|to) do it", { borderline: "distress" }),
  s("keep_living", "(?:cant|cannot|unable to|dont think i can|not sure i can|no longer) (?:keep living|go on living|keep being alive|live like this anymore|live with this anymore)|thinking about (?:dying|death|being dead|not being here|not existing|not waking up|ending things|ending it all)|(?:pills|tablets|gun|knife|razor|rope|blade|noose) (?:in front of me|in my hand|in my hands|next to me|are ready|is ready|ready to go)"),
  s("stop_existing", "(?:stop|cease) (?:existing|being alive)|(?:want|wish|like) to (?:stop|cease) (?:living|existing)|(?:sleep|rest) forever and never"),
  s("end_it_all", "end(?:ing)? it all|end(?:ing)? everything|(?:end|ending|finish|finishing) (?:it|things) (?:tonight|today|now|soon|this week|this weekend|for good|once and for all)|done with (?:life|living|being alive)|(?:tired|sick) of (?:living|being alive|life)|give up on life|gave up on life"),
  s("self_injury", "(?:cut|cutting|cuts|burn|burning|burned|burnt|hurt|hurting|hurts|harm|harming|starve|starving|punish|punishing|punched|punching|hit|hitting) myself|selfharm|self harming|cutting again|started cutting|(?:cut|cutting|cuts|slit|slitting|slice|slicing|carve|carving|burn|burning|scratch|scratching) my (?:wrists?|arms?|thighs?|legs?|skin|stomach)", {
    negatable: true,
    unlessAfter: after(ACCIDENT_AFTER),
    unlessBefore: before("(?:accidentally|nearly|almost){gap1}"),
  }),
  s("method", "(?:hang|hanging|hanged|shoot|shooting|drown|drowning|poison|poisoning|stab|stabbing|suffocate|suffocating|gas|overdose on|starve) myself|slit my (?:wrists|wrist|throat)|put a gun to my head|(?:jump|jumping|jumped|throw myself) (?:off|from|in front of){gap2} (?:bridge|building|roof|cliff|train|bus|balcony|overpass|tower|window|car|truck|ledge|parking garage|subway)|step in front of a (?:train|bus|car|truck)|(?:drive|driving|crash|crashing|steer|swerve) (?:my car |the car |my truck )?(?:off|into)(?: [a-z]+){0,2} (?:cliff|bridge|wall|tree|truck|oncoming|river|lake)|(?:gun|pistol|knife|blade|razor|rope|noose) (?:in my (?:lap|hand|hands|mouth)|to my (?:head|throat|wrist|wrists)|against my (?:head|throat|wrist)|around my neck)|(?:tied|tying|made|bought) a noose|(?:have|got|bought|ive|ive got) (?:the|a) (?:rope|noose)(?! for| to (?:tie|climb|hang (?:the|my|a) (?:washing|clothes|laundry|hammock|swing|picture)))", {
    negatable: true,
    unlessAfter: after("(?:in work|in homework|in debt|in paperwork|into the pool|into the lake for fun)"),
    unlessBefore: FICTION_BEFORE,
  }),
  s("overdose_intent", "(?:going to|want to|plan to|planning to|thinking about|think about|thinking of|will|might|ready to|tried to|trying to|tries to) (?:overdose|overdosing|taking an overdose|taking all (?:my|the|of my) (?:pills|meds|medication|tablets)|od|take all (?:my|the|of my|of the) (?:pills|meds|medication|tablets)|swallow all (?:my|the|of my) (?:pills|meds|tablets))", { negatable: true }),
  s("lethal_dose", "how (?:many|much){gap4} (?:to die|to kill (?:myself|me|someone)|would kill (?:me|someone|a person)|is lethal|is a lethal|to overdose|to od)|lethal (?:dose|amount)|(?:pills?|tablets) (?:it )?(?:takes|would take) to die"),
  s("stockpile", "(?:pills|tablets|meds){gap2} (?:saved|stockpiled|stashed|hoarded|collected|saved up)|(?:saved|saving|stockpiling|stashing|hoarding) (?:up )?(?:my |some |a bunch of |all my |all the )?(?:pills|tablets|meds|medication)"),
  s("goodbye_note", "(?:suicide|goodbye|farewell) (?:note|notes|letter|letters|video|message)|(?:wrote|writing|write){gap3} (?:goodbye|farewell) (?:notes?|letters?)|said my goodbyes"),
  s("never_wake", "(?:go to sleep|fall asleep|sleep|close my eyes){gap2} (?:and )?(?:never|not) (?:wake|waking) up|(?:hope|wish|pray)(?: [a-z0-9]+){0,2} (?:dont|never|do not|wont|didnt) wake up|(?:didnt|never|dont) wake up (?:tomorrow|again|ever)|if i (?:just )?(?:didnt|never) wake up(?! (?:on time|in time|early|my|the))"),
  s("disappear_forever", "(?:disappear|disappeared|vanish|vanished|gone|go away) (?:forever|for good|permanently)|disappear(?:ed)? and never (?:come back|return|be found)"),
  s("third_person", "(?:kill|killing|kills|killed|hurt|hurting|hurts|harm|harming|harms|cut|cutting|cuts|hang|hanging|hanged|shoot|shot|shooting|overdose|overdosed|starve|starving|poison|poisoned|unalive|unalived) (?:{SELF3})|(?:end|ending|ended|take|taking|took) (?:his|her|their) (?:own )?(?:life|lives)", {
    unlessBefore: FICTION_BEFORE,
    unlessAfter: after(ACCIDENT_AFTER),
  }),
  // Borderline: only with high sadness and fear in the caller's voice and words.
  s("cant_go_on", "(?:cant|cannot) (?:do|take|handle|bear|stand|deal with) (?:this|it|this life|life|any of this|much more|anything){gap1} anymore|(?:cant|cannot) go on|i give up|give up on (?:everything|it all)|no way out|whats the point|what is the point|want (?:it|everything|the pain|this|it all) to (?:stop|end|be over)|want to disappear|nothing matters|(?:tired|sick) of (?:everything|it all|all of it)|done with (?:everything|it all)", { borderline: "distress" }),
  s("hopeless", "hopeless|worthless|dark thoughts|(?:wont|not going to) be (?:around|here) (?:much longer|for long|anymore|tomorrow)|(?:say|saying|said) goodbye (?:to everyone|for good|forever)|want to sleep forever|(?:im|i am|feel like)(?: [a-z0-9]+){0,2} (?:a )?burden|(?:nobody|no one) (?:would|will|even) (?:miss|care|notice)|no one cares|nobody cares|giving my (?:stuff|things|belongings) away|gave my (?:stuff|things|belongings) away|given my (?:stuff|things|belongings) away|(?:giving|given|gave) away (?:my|all my) (?:stuff|things|belongings)", { borderline: "distress" }),
];

export const HARM_TO_OTHERS_RULES: readonly SafetyRule[] = [
  h("intent", "(?:{INTENT}) (?:{HARMV}) (?:up )?(?:{OBJ})", {
    negatable: true,
    unlessAfter: after(`(?:${TRIVIAL_REASON_AFTER}|{lead4}(?:in|on) (?:the|this|that|a) (?:game|level|match|round|map|raid)|{lead2}on level|at (?:chess|cards|poker|tennis|golf|pool|this game)|(?:s )?(?:feelings|pride|chances|ego|reputation|business|career|relationship|credibility|confidence|sales|image))`),
  }),
  h("run_over", "(?:{INTENT}) (?:run|running) (?:{OBJ}) (?:over|down)|(?:{INTENT}) beat the (?:crap|shit|hell|living daylights|snot) out of (?:{OBJ})|i could (?:really |seriously )?(?:hurt|harm) (?:{OBJ})|i could (?:really |seriously )?(?:kill|murder) (?:someone|somebody|people|everyone|everybody)|make (?:{OBJ}) (?:bleed|suffer)|(?:want|wants|wanted|wish|wishing) (?:{OBJ}|everyone at|everybody at)(?: [a-z0-9]+){0,3} dead|(?:put|putting|slip|slipping) (?:something|poison|pills|drugs|bleach) in (?:his|her|their|my [a-z]+s) (?:drink|food|coffee|tea|meal)|(?:{INTENT}) (?:burn|set fire to|torch) (?:their|his|her|my [a-z]+s|the|that) (?:house|car|home|apartment|place|shop|store)", { negatable: true }),
  h("weapon", "(?:going to|will|ll|plans to|planning to|threatened to|said hed|said shed|wants to) (?:bring|get|use) (?:a|his|her|my|their|dads|a loaded) (?:gun|rifle|pistol|bomb|weapon)"),
  h("weapon_to_place", "(?:bring|bringing|take|taking|brought|carry|carrying){gap2} (?:gun|guns|rifle|pistol|knife|knives|weapon|weapons|bomb|explosives){gap3} (?:to|into) (?:school|work|the office|class|church|the mall|the party|his house|her house|their house|the concert|campus|the game)"),
  h("shoot_up", "shoot(?:ing)? up (?:the |a |his |her |my |their |that |our )?(?:school|office|place|workplace|class|church|mall|party|store|building|campus|concert)"),
  h("use_weapon", "(?:use|using) (?:it|them|the knife|the gun|a knife|a gun|my gun|my knife) on (?:{OBJ})", { needBefore: near("(?:knife|knives|gun|guns|weapon|rifle|pistol|bat|axe|hammer|machete)") }),
];

export const ABUSE_RULES: readonly SafetyRule[] = [
  a("violence", "(?:{ABUSER}){gap4} (?:{ABUSEV}) (?:{VICTIM})|(?:{ABUSER}){gap3} (?:grabbed|grabs|grabbing|pinned|pins|held|holds) (?:me|her|him|us) (?:by the (?:throat|neck|hair)|down|against the wall|by my (?:throat|neck|hair))|(?:{ABUSER}) (?:is|gets|can be|has been|becomes|got)(?: [a-z]+){0,1} (?:violent|abusive|physical with me)|(?:{ABUSER}){gap3} (?:slammed|slams|smashed|smashes|threw|throws|pushed|shoved) (?:my|her|his) (?:head|face|body) (?:against|into|on|onto)|(?:{ABUSER}){gap3} (?:banged|bangs|hit|hits) my (?:head|face) (?:against|into|on|onto)|(?:someone|somebody|a man|a woman|the person|a guy|a partner|people) who (?:hurts|hits|beats|abuses|threatens|rapes|chokes) (?:me|us)", {
    negatable: true,
    unlessAfter: after(
      "(?:out|{lead2}(?:in (?:her|his|their|my|our) sleep|by accident|accidentally|while (?:playing|sleeping|dancing)|playfully)|{lead2}with (?:a |the |her |his |my )?(?:pillow|balloon|snowball|water balloon|nerf|foam|toy|sock|towel|feather|ball)|head|hand|knee|elbow|foot|arm|leg|shoulder|toe|finger|[0-9]+|with (?:a|an|the|this|that|some) (?:question|idea|joke|fact|bill|surprise|news|request|compliment|line|offer|text|message|email|call|deal|story|song)|to (?:do|be|try|study|work|apply|go|take|finish|improve|keep|get|the limit|the edge)|too hard|harder|for (?:a|an|the) (?:job|position|promotion|loan|answer))",
    ),
  }),
  a("injury", "(?:{ABUSER}){gap2} (?:broke|broken|fractured|cracked|bruised|split) my (?:arm|arms|nose|jaw|ribs|rib|wrist|finger|fingers|leg|hand|lip|tooth|teeth|eye|skull)|(?:gave|give|gives|given) me (?:a black eye|bruises|a concussion|a split lip)|bruises(?: [a-z]+){0,3} (?:from|because of) (?:him|her|my [a-z]+)|(?:{ABUSER}){gap2} hurt (?:me|us) again|(?:throws|threw|throwing) (?:things|stuff|plates|a plate|bottles|a bottle|chairs|a chair|knives|a knife|objects|furniture|shoes|glasses|a glass) at (?:me|us|my [a-z]+|her|him)", {
    needBefore: near("(?:{ABUSER})", G),
  }),
  a("passive", "(?:got|get|gets|getting|was|been|being|am) (?:beat|beaten|hit|punched|slapped|kicked|choked|strangled|hurt|attacked|raped|abused|pushed|stabbed|assaulted)(?: up)? by (?:{ABUSER})"),
  a("forced", "(?:forced|forces|forcing) (?:himself|herself|themselves) on (?:me|her|him|my [a-z]+)", { needBefore: near("(?:{ABUSER})", G) }),
  a("sexual", "(?:{ABUSER}){gap3} (?:touches|touched|touching|molests|molested|rapes|raped|forces|forced|forcing|makes|made|pressures|pressured) (?:me|my son|my daughter|my kids|my sister|my brother)(?: to (?:have sex|do sexual|sleep with|touch)| and says not to tell| inappropriately| where)?", {
    unlessAfter: after("(?:laugh|smile|feel|happy|cry|dinner|breakfast|lunch|coffee|tea|go|do my|clean|study|wait|pay|think|want)"),
  }),
  a("sexual_named", "sexually (?:abused|assaulted|abusing|assaulting)|sexual abuse|raped|molested|molesting|incest|marital rape", { unlessBefore: FICTION_BEFORE }),
  a("threat_reported", "(?:threatened|threatens|threatening|swore|swears|promised|promises|said|says|told me|tells me|keeps saying)(?: [a-z]+){0,2} (?:to |hed |shed |hell |shell |theyd |theyll |is going to |was going to |going to |will |would )?(?:kill|hurt|murder|beat|strangle|choke|stab|shoot|drown|burn) (?:(?:my|our) [a-z]+ and (?:then )?)?(?:{VICTIM})|(?:tried|trying|tries) to (?:kill|strangle|choke|drown|stab|shoot|poison|run over) (?:me|us|my [a-z]+)|(?:{ABUSER}){gap4} (?:threatening|threatens|threatened) (?:me|us|my kids|the kids|to kill|to hurt)", {
    needBefore: near("(?:{ABUSER})", G),
  }),
  // "He's going to kill me": a threat, unless a trivial reason follows, or it is family hyperbole
  // ("my mom is going to kill me when she sees this"), which counts only with fear in the voice.
  a("threat", THREAT, { needBefore: near("(?:{ABUSER})", G), unlessAfter: after(TRIVIAL_REASON_AFTER), unlessBefore: before("(?:{FAMILY})(?: is| s| are| re)?", G) }),
  a("threat_hyperbole", THREAT, { needBefore: near("(?:{ABUSER})", G), borderline: "fear" }),
  a("hunted", "(?:find|get|catch|come for|come after|track) (?:me|us)(?: [a-z]+){0,2} and (?:hurt|kill|beat|rape|attack) (?:me|us)|(?:scared|afraid|terrified|frightened)(?: [a-z]+){0,3} (?:going to|will|ll|might|is going to|hell|shell) (?:hurt|kill|beat|attack) (?:me|us)", {
    needBefore: near("(?:{ABUSER})", G),
  }),
  a("afraid_at_home", "(?:scared|afraid|terrified|frightened) (?:to go|of going|to be|of being) (?:back )?home|(?:scared|afraid|terrified|frightened) (?:of|for my life with) my (?:husband|wife|boyfriend|girlfriend|partner|dad|father|stepdad|stepfather|mom|mother|mum|ex|parents|fiance|fiancee|spouse)|(?:not|dont feel|never feel) safe (?:at home|in my (?:own )?(?:home|house)|around (?:him|her|my [a-z]+)|with (?:him|her|my [a-z]+))"),
  a("control", "(?:wont|doesnt|dont|never) let me (?:leave(?! (?:early|work|the office|the party|school|the table|my room|a tip))|out of the house|see my (?:friends|family)|talk to (?:anyone|my family|my friends)|have (?:my phone|money|my own money)|use (?:my|the) phone)|(?:takes|took|controls|keeps) (?:all )?(?:my|the) (?:money|pension|paycheck|passport|car keys|bank card)", {
    needBefore: near("(?:{PARTNER})", G),
  }),
  a("locked_in", "(?:locks|locked|locking|lock) (?:me|us|my [a-z]+|her|him) (?:in|up|out)(?! of the (?:house|flat|apartment) by (?:mistake|accident))", { needBefore: near("(?:{ABUSER})", G) }),
  a("fear", "(?:scared|afraid|terrified) of (?:him|her)|walking on eggshells|(?:he|she) gets (?:violent|physical)", { borderline: "fear" }),
  a("named", "domestic (?:violence|abuse)|abusive (?:husband|wife|partner|boyfriend|girlfriend|relationship|marriage|home|household|dad|father|mom|mother|parents?|stepdad|stepfather|ex)|(?:being|been|getting|im) abused|(?:abuses|abusing|abused) (?:me|us)|(?:restraining|protective) order|(?:womens|domestic violence) shelter", {
    unlessBefore: FICTION_BEFORE,
  }),
];

export const MEDICAL_RULES: readonly SafetyRule[] = [
  m("cant_breathe", "(?:cant|couldnt|unable to|struggling to|hard to|trouble|difficulty|problems|hardly|barely|not able to) (?:breathe|breathing|catch (?:my|his|her|their) breath|get (?:any )?air)", {
    negatable: true,
    unlessAfter: after("(?:without (?:you|him|her)|{lead2}(?:through my nose when|with this cold))"),
  }),
  m("not_breathing", "(?:not|isnt|stopped|wasnt|arent|no longer|quit|hasnt been|barely) breathing|no (?:pulse|heartbeat)|turning (?:blue|purple)|lips are (?:blue|purple)|gasping for (?:air|breath)", { unlessBefore: FICTION_BEFORE }),
  m("chest_pain", "chest (?:pain|pains|is hurting|hurts|hurting|is tight|feels tight|tightness|pressure|is crushing|feels heavy|is heavy)|pain in (?:my|his|her|their) chest|chest{gap2} (?:hurts|hurting|pain|pains|tight|tightness|pressure)|chest{gap4} (?:crushed|crushing|squeezed|squeezing|being squeezed)", {
    negatable: true,
    unlessAfter: GYM_AFTER,
  }),
  m("cardiac_stroke", "having (?:a |an )?(?:[a-z]+ ){0,2}(?:heart attack|stroke|seizure|seizures|asthma attack|allergic reaction|anaphylactic reaction|diabetic emergency|diabetic attack)|just had (?:a )?(?:heart attack|stroke|seizure)|(?:think|thinks|maybe|might be|could be){gap2} (?:a )?(?:heart attack|stroke)|is seizing|convulsing|having a fit", {
    unlessAfter: after("(?:of|lol|haha|lmao|about|over (?:these|this|that|the|my) (?:prices?|bill|news|game|score|test|exam|results?)|when i (?:saw|heard|got|opened))"),
    unlessBefore: FICTION_BEFORE,
  }),
  m("stroke_signs", "face (?:is )?(?:drooping|droopy|numb|twisted)|(?:cant|unable to) (?:lift|move|feel) (?:my|his|her|their) (?:arm|arms|leg|legs|face|left|right|side)|(?:speech is|talking is|words are|voice is) slurred|slurring (?:his |her |my |their )?(?:words|speech)|(?:arm|left arm|right arm|face|side){gap1} (?:is|went|feels|has gone|gone) numb|(?:cant|unable to) (?:feel|move|lift){gap2} (?:left|right) side|numb(?:ness)?{gap3} (?:left|right|one) side|foaming at the mouth", {
    unlessAfter: GYM_AFTER,
  }),
  m("unresponsive", "unconscious|unresponsive|not conscious|isnt conscious|barely conscious|lost consciousness|losing consciousness|wont come to|not responding|isnt responding|isnt moving|not moving|stopped moving|wont move|isnt waking up|wont respond|not waking up|wont wake up|cant wake (?:him|her|them|my [a-z]+)|cant get (?:him|her|them) to wake up|passed out and (?:wont|cant|isnt|is not|hasnt)|blacked out and|fainted and (?:wont|cant|isnt|hasnt)|collapsed|collapses|keeled over|fell unconscious", {
    needBefore: near("(?:{PERSON})", G),
    unlessBefore: NOT_A_PERSON_BEFORE,
    unlessAfter: after(
      "(?:for|in time|early|on time|until|till|before|on (?:the|my|his|her) (?:bed|couch|sofa)|onto|into (?:bed|the bed|the couch|the sofa|a chair)|to (?:my|the|his|her|our) (?:texts|messages|calls|emails|letters)|from (?:exhaustion|tiredness)|in (?:bed|laughter))",
    ),
  }),
  m("overdose", "overdosed|overdosing|overdose|took too many|taken too many|took (?:a whole|the whole|an entire|a|the) (?:bottle|box|pack) of|(?:took|taken|swallowed|ate) (?:a bunch of|a lot of|all (?:of )?(?:my|the|her|his|their)|lots of|loads of|a handful of|handful of|way too many|too much)(?: [a-z]+){0,2} (?:pills|tablets|meds|medication|medicine|painkillers|insulin|antidepressants|tylenol|paracetamol|acetaminophen|ibuprofen|xanax|oxy|opioids|fentanyl|heroin)|swallowed (?:a whole bottle|a bottle|all (?:my|her|his|the|their)|too many|bleach|poison|pills|some pills|batteries|a battery|detergent|a pod|antifreeze|drain cleaner)|(?:ate|got into|chewed|swallowed some of) (?:my|his|her|the|some of my|some|grandmas|mums|moms|dads) (?:pills|tablets|meds|medication|medicine|gummies|edibles)|(?:drank|drunk|swallowed|ate|ingested)(?: some| a| the| a bottle of| a cup of)? (?:bleach|poison|antifreeze|drain cleaner|detergent|cleaning (?:fluid|product|spray|stuff)|lighter fluid|rat poison|weed killer|pesticide|laundry pod|a pod|window cleaner|paint thinner|gasoline|petrol|lamp oil)|been poisoned|was poisoned|is poisoned", {
    unlessBefore: before("(?:going to|want to|plan to|planning to|thinking about|think about|will|might|could|considering|ready to|died of|died from|passed away from|lost (?:him|her|them) to)(?: an| a)?"),
    unlessAfter: after("on (?:video games|games|gaming|screen time|social media|shopping|cat videos|junk food|sweets|netflix|tv|television|coffee|caffeine|sugar|chocolate|candy|cake|love|sun|sunshine|drama|memes|youtube|tiktok|work|anime|cuteness|christmas|music|carbs|pizza|reality tv|true crime)"),
  }),
  m("bleeding", "(?:bleeding|blood){gap3} (?:wont stop|doesnt stop|isnt stopping|not stopping|everywhere|so much|heavily|badly)|(?:wont|doesnt|isnt|not|cant) stop(?:ping)? (?:the )?bleeding|bleeding (?:heavily|badly|profusely|out|a lot)|losing (?:a lot of |so much )?blood|(?:coughing|throwing|vomiting) (?:up )?blood", {
    unlessBefore: FICTION_BEFORE,
  }),
  m("airway", "throat (?:is )?(?:closing|swelling|swollen|tight)|anaphyla[a-z]*|epi ?pen|(?:hes|shes|theyre|is|baby is|im|keeps) choking|(?:is|hes|shes|someone is|theyre|kid is|son is|daughter is|baby is) drowning", {
    unlessAfter: after("(?:me|her|him|us|in|on (?:my|the|his|her|a) (?:coffee|tea|water|drink|soda|words))"),
  }),
  m("injury", "(?:ive been|ive|been|got|was|just got|has been|hes been|shes been|just been) (?:stabbed|shot)|bleeding from (?:his|her|my|their|the) (?:head|neck|chest|mouth|ears|stomach)|(?:lips|tongue|face|throat) (?:are |is )?(?:swelling|swollen)", {
    unlessAfter: after("(?:down|at|for|of|in the (?:arm|leg))"),
  }),
  m("fall_from_height", "(?:fell|fallen|falls|fall) (?:off|from|down)(?: [a-z]+){0,2} (?:roof|ladder|balcony|stairs|cliff|building|window|tree|horse|scaffolding|second floor|bridge)", {
    needBefore: near("(?:{PERSON})", G),
  }),
  m("dying", "(?:think|feel like|scared) (?:im|i am|hes|shes) dying", { borderline: "fear" }),
  m("faint", "(?:feel|feeling|going to|about to|think im going to) (?:faint|pass out|black out)", {
    unlessAfter: after("(?:from (?:hunger|boredom|laughing|laughter|excitement|embarrassment)|lol|haha|when|at the|if i)"),
  }),
  m("fainted", "(?:fainted|fainting|passed out|blacked out|collapsed)(?: and| then){0,1}(?: [a-z]+){0,2} (?:hit|banged|cracked|wont|isnt|is not|hasnt|cant|not)", { needBefore: near("(?:{PERSON})", G) }),
  m("accident", "(?:was|been|got|were|just|im|hes|shes|theyre) (?:in|had) (?:a |an )?(?:car |bad |serious |motorcycle |bike )?(?:accident|crash|wreck)|(?:got|was|been|just got|has been) (?:hit|run over) by a (?:car|truck|bus|train|van|motorbike)|(?:im|hes|shes|theyre|baby is|he is|she is|is) bleeding|(?:so much|a lot of|lots of|too much) blood|blood everywhere|(?:broke|broken|hurt|injured) (?:my|his|her|their) (?:neck|spine|back badly|skull)", {
    unlessBefore: FICTION_BEFORE,
    unlessAfter: after("(?:last|years? ago|months? ago|when i was|a while ago|as a kid|in (?:the|that|this|a) (?:movie|show|game|film|episode|book))"),
  }),
  m("head_injury", "(?:hit|banged|bumped|cracked) (?:his|her|my|their) head(?: [a-z0-9]+){0,6} (?:throwing up|vomiting|sleepy|drowsy|confused|unconscious|bleeding|not making sense|passed out|wont wake|cant remember)"),
  m("fall_head", "(?:fell|fallen|fall|falls){gap3} (?:and )?(?:hit|banged|bumped|cracked) (?:his|her|my|their) head|(?:fallen|fell)(?: down)? and (?:she |he |i |they )?(?:cant|cannot|can not) get up"),
  m("ambulance", "(?:call|calling|need|get|send|called) (?:an |a )?(?:ambulance|paramedics?|911|nine one one|emergency services)", { unlessBefore: FICTION_BEFORE }),
];

/** Every rule, in no particular order (the verdict orders its categories by urgency). */
export const SAFETY_RULES: readonly SafetyRule[] = [...SELF_HARM_RULES, ...HARM_TO_OTHERS_RULES, ...ABUSE_RULES, ...MEDICAL_RULES];
