ALTER TABLE `calls` ADD `echo_name` text;--> statement-breakpoint
-- Hand-written (not generated): every call keeps the name of the Echo it was made with, so a deleted
-- Echo's calls still say who answered. Filled at the call's start by a trigger (every writer: the call
-- object, the seed, tests), refreshed with the Echo's last name as the Echo is deleted, and backfilled
-- for the calls made before this migration.
CREATE TRIGGER calls_echo_name_insert AFTER INSERT ON calls WHEN new.echo_name IS NULL AND new.echo_id IS NOT NULL BEGIN
  UPDATE calls SET echo_name = (SELECT name FROM echoes WHERE id = new.echo_id) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER calls_echo_name_echo_deleted BEFORE DELETE ON echoes BEGIN
  UPDATE calls SET echo_name = old.name WHERE echo_id = old.id;
END;
--> statement-breakpoint
UPDATE calls SET echo_name = (SELECT name FROM echoes WHERE echoes.id = calls.echo_id) WHERE echo_name IS NULL AND echo_id IS NOT NULL;
