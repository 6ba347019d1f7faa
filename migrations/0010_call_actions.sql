ALTER TABLE `calls` ADD `caller_verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `transcript_entries` ADD `actions` text;--> statement-breakpoint
-- Hand-written backfill: a browser test call is always the signed-in owner (issue 42 §4), so the
-- test calls made before this column existed are verified too.
UPDATE `calls` SET `caller_verified` = 1 WHERE `call_type` = 'browser_test';
