ALTER TABLE `transcript_entries` ADD `actions` text;--> statement-breakpoint
ALTER TABLE `users` ADD `phone_pin_hash` text;