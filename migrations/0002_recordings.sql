ALTER TABLE `calls` ADD `recording_started_at` integer;--> statement-breakpoint
CREATE INDEX `calls_recording_started_idx` ON `calls` (`recording_started_at`);--> statement-breakpoint
ALTER TABLE `echoes` ADD `record_calls` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `transcript_entries` ADD `audio_offset_ms` integer;