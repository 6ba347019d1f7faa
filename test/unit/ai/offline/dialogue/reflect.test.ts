// Reflection: the caller's words turned round with the grammar right (pronouns, possessives, "am"/"was"
// agreeing with the new subject, contractions for speech), their main clause, and their noun phrases.
import { describe, expect, it } from "vitest";
import { winkLanguage } from "../../../../../worker/ai/local/wink-language";
import { lightLanguage } from "../../../../../worker/ai/offline/dialogue/light-tagger";
import { nounPhrases, reflectAboutEcho, reflectClause, swapPerson, topicPhrase } from "../../../../../worker/ai/offline/dialogue/reflect";

describe.each([winkLanguage, lightLanguage])("reflection with the $name tagger", (language) => {
  const swap = (text: string) => swapPerson(language.tag(text));
  const clause = (text: string) => reflectClause(language.tag(text));

  it("swaps first and second person, and the verb agrees", () => {
    expect(swap("I miss my dad")).toBe("you miss your dad");
    expect(swap("I am tired")).toBe("you're tired");
    expect(swap("I was there")).toBe("you were there");
    expect(swap("I told you about my sister")).toBe("you told me about your sister");
    expect(swap("you never listen to me")).toBe("I never listen to you");
    expect(swap("we lost our dog")).toBe("you lost your dog");
    expect(swap("I can't sleep")).toBe("you can't sleep");
  });

  it("reflects the main clause, up to a comma or a because/since", () => {
    expect(clause("I miss my dad so much since he passed.")).toBe("you miss your dad so much");
    expect(clause("I'm worried about my exams next week.")).toBe("you're worried about your exams next week");
    expect(clause("Okay, so I can't sleep because my neighbours are loud")).toBe("you can't sleep");
    expect(clause("What time is it?")).toBeNull();
  });

  it("turns a clause about the Echo round too", () => {
    expect(reflectAboutEcho(language.tag("You never listen to me."))).toBe("I never listen to you");
    expect(reflectAboutEcho(language.tag("Honestly you really helped me today"))).toBe("I really helped you today");
    expect(reflectAboutEcho(language.tag("I told you about it"))).toBeNull();
  });

  it("finds noun phrases with their possessive and a trailing time", () => {
    expect(topicPhrase(language.tag("my exams next week are scary"))?.reflected).toBe("your exams next week");
    expect(topicPhrase(language.tag("What's the capital of Australia?"))?.reflected).toBe("the capital of Australia");
    expect(nounPhrases(language.tag("my boss yelled at me")).map((p) => p.reflected)).toContain("your boss");
  });
});
