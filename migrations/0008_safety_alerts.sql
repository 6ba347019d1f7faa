ALTER TABLE `calls` ADD `safety_alert` text;--> statement-breakpoint
ALTER TABLE `transcript_entries` ADD `safety` text;