// Realistic conversations for demo calls: who says what, and how the caller feels while saying it.
import type { EmotionName } from "../../protocol/call-messages";

export interface ScriptTurn {
  speaker: "caller" | "assistant";
  text: string;
  /** The caller's dominant emotion and its strength (0..1) for this turn. */
  feel?: [EmotionName, number];
}

export interface Scenario {
  /** Expertise of the Echo that fits best. */
  expertise: string;
  /** The summary a language model would write of the whole conversation (seeded for completed calls). */
  recap: { text: string; followUps: string[]; topics: string[] };
  turns: ScriptTurn[];
}

export const SCENARIOS: Scenario[] = [
  {
    expertise: "therapy",
    recap: { text: "The caller was shaking before a job interview tomorrow and feared freezing on a question. They practised the tell-me-about-yourself answer out loud and ended feeling a lot better.", followUps: ["Practise one more interview answer before tomorrow morning"], topics: ["job interview", "anxiety"] },
    turns: [
      { speaker: "caller", text: "Hi. I have a job interview tomorrow morning and I honestly can't stop shaking.", feel: ["fear", 0.72] },
      { speaker: "assistant", text: "That sounds really stressful. It makes sense to feel nervous before something that matters to you. What part worries you most?" },
      { speaker: "caller", text: "That they'll ask me something I can't answer and I'll just freeze in front of everyone.", feel: ["fear", 0.64] },
      { speaker: "assistant", text: "Freezing for a moment is more common than you think. You can say, let me think about that for a second. Would it help to practise one answer together?" },
      { speaker: "caller", text: "Yeah, okay. Maybe the tell me about yourself one.", feel: ["calm", 0.41] },
      { speaker: "assistant", text: "Great choice. Start with what you do now, one thing you're proud of, and why this role excites you. Try it out loud." },
      { speaker: "caller", text: "I'm a support engineer, I rebuilt our onboarding docs last year, and I want to work closer to the product.", feel: ["calm", 0.55] },
      { speaker: "assistant", text: "That was clear and confident. You sounded like someone who knows their worth. How do you feel now?" },
      { speaker: "caller", text: "Better, actually. A lot better. Thank you.", feel: ["joy", 0.62] },
    ],
  },
  {
    expertise: "fitness",
    recap: { text: "The caller signed up for a 10k in March and runs twice a week, up to five kilometres. They agreed on three runs a week with short intervals and a growing long run.", followUps: ["Send a week-by-week 10k plan"], topics: ["running", "10k plan"] },
    turns: [
      { speaker: "caller", text: "Hey! I finally signed up for a 10k in March and I want a plan.", feel: ["joy", 0.74] },
      { speaker: "assistant", text: "Congratulations, that's exciting! How often do you run right now, and what's your longest run?" },
      { speaker: "caller", text: "Twice a week, maybe five kilometres tops.", feel: ["calm", 0.5] },
      { speaker: "assistant", text: "Perfect base. Let's go to three runs a week: one easy, one with short intervals, and one long run that grows by a kilometre every week." },
      { speaker: "caller", text: "Intervals sound scary. Will I survive?", feel: ["surprise", 0.46] },
      { speaker: "assistant", text: "You will. Start with six rounds of one minute quick, two minutes easy. You should feel worked, not wrecked." },
      { speaker: "caller", text: "Okay, I can do that. I'm pumped!", feel: ["joy", 0.81] },
    ],
  },
  {
    expertise: "business",
    recap: { text: "A client is furious about an invoice that went out three weeks late because the accounting tool failed. The caller will apologise, explain in one sentence and send the invoice today.", followUps: ["Help word the apology email to the client"], topics: ["late invoice", "client email"] },
    turns: [
      { speaker: "caller", text: "A client just told me our invoice is three weeks late and they're furious.", feel: ["anger", 0.58] },
      { speaker: "assistant", text: "Let's sort it out calmly. Do you know why the invoice was late?" },
      { speaker: "caller", text: "Our accounting tool failed and nobody noticed. It's embarrassing.", feel: ["sadness", 0.44] },
      { speaker: "assistant", text: "Then own it quickly: apologise, explain in one sentence, send the invoice today, and offer a small goodwill gesture like extended payment terms." },
      { speaker: "caller", text: "That could work. Can you help me word the email?", feel: ["calm", 0.47] },
      { speaker: "assistant", text: "Sure. Subject: our apologies and your invoice. Then: we let you down on timing, here is what happened, and here is what we've changed so it won't happen again." },
      { speaker: "caller", text: "Perfect, I'm writing that now.", feel: ["joy", 0.52] },
    ],
  },
  {
    expertise: "general",
    recap: { text: "The caller misses a college roommate they drifted apart from. They decided to send an old photo from the lake with a light message tonight.", followUps: [], topics: ["friendship", "reconnecting"] },
    turns: [
      { speaker: "caller", text: "I was looking through old photos and I really miss my college roommate.", feel: ["sadness", 0.66] },
      { speaker: "assistant", text: "Old photos can bring everything back at once. When did you last talk to them?" },
      { speaker: "caller", text: "Years ago. We just drifted apart, you know?", feel: ["sadness", 0.58] },
      { speaker: "assistant", text: "That happens to so many friendships, and it's rarely anyone's fault. Would you like to reach out?" },
      { speaker: "caller", text: "Maybe. What would I even say?", feel: ["fear", 0.38] },
      { speaker: "assistant", text: "Keep it light: I found a photo of us at the lake and it made me smile. How have you been? Attach the photo." },
      { speaker: "caller", text: "Oh, that's lovely. I'll send it tonight.", feel: ["joy", 0.69] },
    ],
  },
  {
    expertise: "technology",
    recap: { text: "The caller's laptop dropped the wifi every ten minutes before a deadline. Turning off the adapter's power saving and reconnecting fixed it.", followUps: [], topics: ["wifi", "laptop"] },
    turns: [
      { speaker: "caller", text: "My laptop keeps dropping the wifi every ten minutes and I have a deadline!", feel: ["anger", 0.63] },
      { speaker: "assistant", text: "Let's fix it fast. Is it only your laptop, or do other devices drop too?" },
      { speaker: "caller", text: "Just the laptop. My phone is fine.", feel: ["anger", 0.4] },
      { speaker: "assistant", text: "Then it's likely power saving on the wireless adapter. Open the adapter settings and turn off allow the computer to turn off this device to save power." },
      { speaker: "caller", text: "Found it. It was switched on. Turning it off now.", feel: ["surprise", 0.48] },
      { speaker: "assistant", text: "Great. Also forget the network and reconnect, so it picks up fresh settings. Let me know if it drops again." },
      { speaker: "caller", text: "Twenty minutes and still connected. You're a lifesaver.", feel: ["joy", 0.77] },
    ],
  },
  {
    expertise: "education",
    recap: { text: "The caller is learning Spanish before a trip and struggled with the two past tenses. They worked out the preterite against the imperfect and built a correct sentence.", followUps: [], topics: ["spanish", "verbs"] },
    turns: [
      { speaker: "caller", text: "I'm trying to learn Spanish before my trip and the verbs are killing me.", feel: ["sadness", 0.4] },
      { speaker: "assistant", text: "Verbs are the hardest part at first. Which tense is giving you trouble?" },
      { speaker: "caller", text: "The past tense. There are two of them?", feel: ["surprise", 0.6] },
      { speaker: "assistant", text: "Yes: the preterite for finished moments, like I ate dinner, and the imperfect for background, like I used to eat dinner late." },
      { speaker: "caller", text: "Oh! So comí is finished and comía is the habit?", feel: ["joy", 0.58] },
      { speaker: "assistant", text: "Exactly right. Try one: yesterday I walked to the beach." },
      { speaker: "caller", text: "Ayer caminé a la playa.", feel: ["calm", 0.52] },
      { speaker: "assistant", text: "Perfecto! You're ready for more than you think." },
    ],
  },
  {
    expertise: "creativity",
    recap: { text: "The caller needed a birthday present for their sister on Saturday. They chose a pottery class for two with a succulent and are booking it now.", followUps: [], topics: ["birthday gift", "pottery"] },
    turns: [
      { speaker: "caller", text: "My sister's birthday is Saturday and I have zero ideas.", feel: ["fear", 0.45] },
      { speaker: "assistant", text: "Let's find one together. What does she love doing on a free afternoon?" },
      { speaker: "caller", text: "Pottery, plants, and terrible reality TV.", feel: ["joy", 0.5] },
      { speaker: "assistant", text: "How about a pottery class for two, with a small succulent to put in whatever you make? You get a day together and a gift that lasts." },
      { speaker: "caller", text: "Wait, that's actually brilliant.", feel: ["surprise", 0.7] },
      { speaker: "assistant", text: "Add a card with a reality-TV-style rose and she'll laugh too." },
      { speaker: "caller", text: "Booking it right now. Thanks!", feel: ["joy", 0.8] },
    ],
  },
  {
    expertise: "health",
    recap: { text: "The caller couldn't sleep at two in the morning, replaying a conversation from work. Writing it down and slow breathing helped them feel ready to try sleeping.", followUps: [], topics: ["sleep", "work stress"] },
    turns: [
      { speaker: "caller", text: "It's two in the morning and I can't sleep again.", feel: ["sadness", 0.52] },
      { speaker: "assistant", text: "I'm sorry, that's exhausting. Is your mind racing, or does your body just feel awake?" },
      { speaker: "caller", text: "My mind. I keep replaying a conversation from work.", feel: ["fear", 0.5] },
      { speaker: "assistant", text: "Try writing it down in three lines: what happened, what you wish you'd said, and one thing you'll do tomorrow. Then the page can hold it for you." },
      { speaker: "caller", text: "Okay. I've written it.", feel: ["calm", 0.46] },
      { speaker: "assistant", text: "Now breathe in for four, hold for four, and out for six. Let's do five rounds together, slowly." },
      { speaker: "caller", text: "That feels a bit better. I think I can try to sleep.", feel: ["calm", 0.7] },
    ],
  },
];
