CREATE TABLE `auth_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_start` integer NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `call_participants` (
	`call_id` text NOT NULL,
	`user_id` text NOT NULL,
	`invited_by` text,
	`invited_at` integer NOT NULL,
	`joined_at` integer,
	PRIMARY KEY(`call_id`, `user_id`),
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `participants_user_idx` ON `call_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `calls` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`echo_id` text,
	`call_type` text NOT NULL,
	`status` text NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer,
	`duration` integer,
	`from_number` text,
	`end_reason` text,
	`provider_call_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`echo_id`) REFERENCES `echoes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `calls_user_start_idx` ON `calls` (`user_id`,"start_time" desc);--> statement-breakpoint
CREATE UNIQUE INDEX `calls_provider_call_id_unique` ON `calls` (`provider_call_id`);--> statement-breakpoint
CREATE TABLE `echoes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`personality` text NOT NULL,
	`expertise` text NOT NULL,
	`instructions` text DEFAULT '' NOT NULL,
	`voice_style` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`total_calls` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `echoes_user_active_updated_idx` ON `echoes` (`user_id`,`is_active`,"updated_at" desc);--> statement-breakpoint
CREATE TABLE `phone_link_codes` (
	`user_id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `phone_link_code_unique` ON `phone_link_codes` (`code`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `transcript_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`call_id` text NOT NULL,
	`seq` integer NOT NULL,
	`speaker` text NOT NULL,
	`text` text NOT NULL,
	`timestamp` integer NOT NULL,
	`emotions` text NOT NULL,
	`interrupted` integer DEFAULT false NOT NULL,
	`latency` text,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transcript_call_seq_unique` ON `transcript_entries` (`call_id`,`seq`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`display_name` text NOT NULL,
	`photo_url` text,
	`created_at` integer NOT NULL,
	`total_calls` integer DEFAULT 0 NOT NULL,
	`subscription` text DEFAULT 'free' NOT NULL,
	`password_hash` text,
	`google_sub` text,
	`phone_number` text,
	`phone_echo_id` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone_number`);