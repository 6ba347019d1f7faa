// The Workers AI speech-to-text choices (AI_STT_MODEL): Flux streaming with its own turn-taking (Whisper
// + VAD when the stream fails), Whisper, or Nova-3 per VAD turn.
export const STT_CHOICES = ["flux", "whisper", "nova-3"] as const;
export type SttChoice = (typeof STT_CHOICES)[number];
