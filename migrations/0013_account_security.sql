CREATE TABLE `dev_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_tokens_user_idx` ON `email_tokens` (`user_id`,`purpose`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;--> statement-breakpoint
-- Hand-written backfills (issue 43 §1). Accounts Google signed in to have a Google-verified address
-- (linking requires email_verified), so they count as verified from their creation; password accounts
-- made before verification existed stay unverified until their owner follows a link.
UPDATE `users` SET `email_verified_at` = `created_at` WHERE `google_sub` IS NOT NULL;--> statement-breakpoint
-- Sessions made before "last seen" existed: last seen at their sign-in.
UPDATE `sessions` SET `last_seen_at` = `created_at` WHERE `last_seen_at` = 0;
