CREATE TABLE `callbacks` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`echo_id` text,
	`source_call_id` text,
	`reason` text NOT NULL,
	`due_at` integer NOT NULL,
	`caller_named_time` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`to_number` text,
	`provider_call_id` text,
	`call_id` text,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`echo_id`) REFERENCES `echoes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`source_call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `callbacks_user_due_idx` ON `callbacks` (`user_id`,`due_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `callbacks_provider_call_id_unique` ON `callbacks` (`provider_call_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `time_zone` text;