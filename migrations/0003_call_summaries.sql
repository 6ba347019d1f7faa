CREATE TABLE `call_summaries` (
	`call_id` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`method` text,
	`text` text DEFAULT '' NOT NULL,
	`mood_arc` text,
	`follow_ups` text NOT NULL,
	`topics` text NOT NULL,
	`caller_emotions` text,
	`error` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calls_user_echo_start_idx` ON `calls` (`user_id`,`echo_id`,`start_time`);