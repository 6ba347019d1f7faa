CREATE TABLE `memories` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`echo_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`source_call_id` text,
	`said_at` integer NOT NULL,
	`expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`echo_id`) REFERENCES `echoes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`source_call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `memories_user_echo_updated_idx` ON `memories` (`user_id`,`echo_id`,"updated_at" desc);--> statement-breakpoint
CREATE UNIQUE INDEX `memories_scope_subject_unique` ON `memories` (`user_id`,`echo_id`,`kind`,`subject`);--> statement-breakpoint
ALTER TABLE `calls` ADD `caller_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `echoes` ADD `remember_callers` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Hand-written backfill: a browser test call is made by the signed-in owner, so those already kept are verified (issue 42 §4).
UPDATE `calls` SET `caller_verified` = true WHERE `call_type` = 'browser_test';
