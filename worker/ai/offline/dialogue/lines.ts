// The Echo's words, by what the reply needs: openings that follow how the caller sounds (gentle for
// sadness or fear, warm for joy, steady for anger, else the Echo's personality), the follow-up
// questions of each expertise, thread questions about the caller's topic ({topic}), and closing lines
// in character. Several of each: the manager never says a sentence twice in a call.
import type { EmotionScores } from "../../../../protocol/call-messages";
import type { Expertise, Personality } from "../../../../protocol/echo";
import type { SafetyCategory } from "../../../../protocol/safety";

export type Mood = "joy" | "sadness" | "anger" | "fear" | "surprise" | "calm";

/** The caller's strongest emotion from the emotion stage's scores, if any stands out (≥ 0.3). */
export function moodOf(emotions: EmotionScores): Mood {
  let best: Mood = "calm";
  let score = 0.3;
  for (const mood of ["sadness", "fear", "anger", "joy", "surprise"] as const) {
    const s = emotions[mood] ?? 0;
    if (s > score) {
      best = mood;
      score = s;
    }
  }
  return best;
}

export const MOOD_OPENINGS: Record<Exclude<Mood, "calm">, string[]> = {
  sadness: ["I'm so sorry.", "Oh, that's hard.", "I'm really sorry.", "That sounds so painful.", "I'm here with you."],
  fear: ["That sounds frightening.", "That's a lot to carry.", "It's okay to feel uneasy.", "Let's take this slowly."],
  anger: ["I hear you.", "That sounds really frustrating.", "That would upset anyone.", "Okay, let's look at it calmly."],
  joy: ["Oh, that's wonderful!", "That's great news!", "I love hearing that!", "How lovely!"],
  surprise: ["Wow, really?", "That's unexpected!", "Oh, what a surprise!"],
};

export const OPENINGS: Record<Personality, string[]> = {
  professional: ["Understood.", "Thank you for telling me.", "Noted.", "I see."],
  friendly: ["Oh, okay!", "Got it.", "Ah, I see.", "Right."],
  empathetic: ["Thank you for sharing that.", "I'm listening.", "I hear you.", "That matters."],
  enthusiastic: ["Ooh, okay!", "Oh, tell me more!", "Love it!", "Now that's interesting!"],
  calm: ["Alright.", "Mm, I see.", "Okay.", "Let's see."],
  witty: ["Well, well.", "Now we're talking.", "Interesting.", "Ah, the plot thickens."],
};

/** Said back about the caller's clause ({clause}: "you miss your dad"). */
export const REFLECTIONS: Record<Mood, string[]> = {
  sadness: ["It sounds like {clause}.", "So {clause}, and that hurts.", "{Clause}, and that's heavy."],
  fear: ["So {clause}.", "It sounds like {clause}.", "{Clause}, and that's unsettling."],
  anger: ["So {clause}.", "{Clause}, and that's not okay.", "It sounds like {clause}."],
  joy: ["So {clause}!", "{Clause}, that's brilliant.", "Wow, {clause}."],
  surprise: ["So {clause}!", "{Clause}, wow."],
  calm: ["So {clause}.", "{Clause}, okay.", "It sounds like {clause}."],
};

/** Follow-ups about the caller's topic ({topic}: "your dad"), by mood. */
export const TOPIC_QUESTIONS: Record<Mood, string[]> = {
  sadness: ["What's been the hardest part about {topic}?", "Would you like to tell me more about {topic}?", "How long has {topic} been on your mind?"],
  fear: ["What worries you most about {topic}?", "What would help you feel steadier about {topic}?", "What's the part of {topic} you keep coming back to?"],
  anger: ["What about {topic} bothers you most?", "What would feel fair about {topic}?", "What happened with {topic}?"],
  joy: ["How are you feeling about {topic}?", "What's the best part of {topic}?", "How did {topic} come about?"],
  surprise: ["How did you find out about {topic}?", "What do you make of {topic}?"],
  calm: ["Would you like to tell me more about {topic}?", "What matters most to you about {topic}?", "How do you feel about {topic}?", "What's next with {topic}?"],
};

/** People a caller talks about: their follow-ups ask about the person, not "the hardest part about your dad". */
export const PEOPLE = new Set(
  "dad father mum mom mother mama papa parents brother sister son daughter kids children child baby wife husband partner girlfriend boyfriend friend friends boss manager teacher grandmother grandma grandfather grandpa grandkids grandson granddaughter aunt uncle cousin neighbour neighbor neighbours neighbors colleague family".split(" "),
);

export const PERSON_QUESTIONS: Record<Mood, string[]> = {
  sadness: ["What do you miss most about {topic}?", "Would you like to tell me about {topic}?", "What was {topic} like?"],
  fear: ["What worries you about {topic}?", "Have you been able to talk with {topic}?"],
  anger: ["What happened with {topic}?", "How do things usually go with {topic}?"],
  joy: ["How is {topic} doing?", "What's {topic} like?"],
  surprise: ["How did {topic} take it?", "What did {topic} say?"],
  calm: ["How are things with {topic}?", "What's {topic} like?", "Would you like to tell me about {topic}?"],
};

/** Follow-ups with no topic, by mood. */
export const MOOD_QUESTIONS: Record<Mood, string[]> = {
  sadness: ["Do you want to talk about it?", "What's weighing on you most?", "How are you holding up?", "How long have you been carrying this?"],
  fear: ["What's worrying you most?", "What would help right now?"],
  anger: ["What happened?", "What would help you let some of it go?"],
  joy: ["What made it so good?", "How are you celebrating?"],
  surprise: ["How did that happen?", "What happens now?"],
  calm: ["What's on your mind?", "How has your day been?"],
};

export const EXPERTISE_QUESTIONS: Record<Expertise, string[]> = {
  general: ["What would help most right now?", "What's on your mind today?"],
  health: ["How have you been sleeping lately?", "How has your body been feeling?"],
  business: ["What outcome are you hoping for?", "What's the biggest obstacle right now?"],
  technology: ["What have you tried so far?", "Which device or app is this about?"],
  education: ["Which part feels the trickiest?", "What are you learning right now?"],
  creativity: ["What are you working on at the moment?", "What inspired this idea?"],
  therapy: ["How are you feeling right now, in this moment?", "What would feel supportive today?"],
  fitness: ["How active have you been this week?", "What kind of exercise do you enjoy?"],
};

/** What the Echo is for, in a phrase ("help with everyday questions"). */
export const EXPERTISE_PHRASE: Record<Expertise, string> = {
  general: "chatting things through and everyday questions",
  health: "health and wellbeing, in general terms, not diagnoses",
  business: "work, money and decisions",
  technology: "devices, software and how things work",
  education: "learning things step by step",
  creativity: "ideas, writing and brainstorming",
  therapy: "listening and emotional support, though I'm not a therapist",
  fitness: "exercise, movement and habits",
};

export const CLOSINGS: Record<Personality, string[]> = {
  professional: ["Thank you for calling{, name}. Goodbye.", "Thanks for your time{, name}. Goodbye."],
  friendly: ["It was lovely talking{, name}. Bye for now!", "Take care{, name}, talk soon. Bye!"],
  empathetic: ["Take good care of yourself{, name}. Goodbye.", "I'm glad you called{, name}. Be gentle with yourself. Goodbye."],
  enthusiastic: ["This was great{, name}! Bye for now!", "Thanks for calling{, name}, have a brilliant day! Bye!"],
  calm: ["Take it easy{, name}. Goodbye.", "Go gently{, name}. Goodbye."],
  witty: ["Until next time{, name}. Try not to miss me too much. Bye!", "That's a wrap{, name}. Goodbye!"],
};

/** A closing for a caller who sounds sad or afraid, whatever the personality. */
export const GENTLE_CLOSINGS = ["Be gentle with yourself{, name}. Goodbye.", "I'm glad you called{, name}. Take care of yourself. Goodbye."];

/**
 * After the safety message (the safety net hit the turn, worker/safety/): calm, supportive, no template
 * cheer, no numbers (the message gave them). An acknowledgement, then one gentle question per category.
 */
export const SAFETY_SUPPORT = ["I'm here with you, and I'm listening.", "Thank you for trusting me with that. I'm right here.", "I'm staying right here with you."];
export const SAFETY_QUESTIONS: Record<SafetyCategory, string[]> = {
  medical_emergency: ["Is someone with you right now?", "Are you able to call them now, while I stay with you?"],
  self_harm: ["Would you like to tell me what's been happening?", "Are you safe right now?", "What's been weighing on you?"],
  harm_to_others: ["Is everyone safe right now?", "Would you like to tell me what's going on?"],
  abuse_at_home: ["Are you somewhere safe right now?", "Would you like to tell me what's been happening?"],
};
