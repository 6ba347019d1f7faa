CREATE TABLE `call_days` (
	`user_id` text NOT NULL,
	`echo_key` text NOT NULL,
	`day` integer NOT NULL,
	`calls` integer NOT NULL,
	`timed` integer NOT NULL,
	`total_duration` integer NOT NULL,
	`failed` integer NOT NULL,
	`summarized` integer NOT NULL,
	`scored` integer NOT NULL,
	`joy_sum` real NOT NULL,
	`joy_n` integer NOT NULL,
	`sadness_sum` real NOT NULL,
	`sadness_n` integer NOT NULL,
	`anger_sum` real NOT NULL,
	`anger_n` integer NOT NULL,
	`fear_sum` real NOT NULL,
	`fear_n` integer NOT NULL,
	`surprise_sum` real NOT NULL,
	`surprise_n` integer NOT NULL,
	`calm_sum` real NOT NULL,
	`calm_n` integer NOT NULL,
	PRIMARY KEY(`user_id`, `echo_key`, `day`)
);
--> statement-breakpoint
CREATE INDEX `call_days_user_day_idx` ON `call_days` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `call_figures` (
	`call_id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`echo_id` text,
	`start_time` integer NOT NULL,
	`duration` integer,
	`failed` integer NOT NULL,
	`summarized` integer DEFAULT 0 NOT NULL,
	`scored` integer DEFAULT 0 NOT NULL,
	`joy` real,
	`sadness` real,
	`anger` real,
	`fear` real,
	`surprise` real,
	`calm` real,
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `call_figures_user_start_idx` ON `call_figures` (`user_id`,`start_time`,`echo_id`,`duration`,`failed`,`summarized`,`scored`,`joy`,`sadness`,`anger`,`fear`,`surprise`,`calm`);--> statement-breakpoint
CREATE INDEX `call_figures_user_echo_start_idx` ON `call_figures` (`user_id`,`echo_id`,`start_time`,`duration`,`failed`,`summarized`,`scored`,`joy`,`sadness`,`anger`,`fear`,`surprise`,`calm`);--> statement-breakpoint
CREATE TABLE `call_topics` (
	`call_id` text NOT NULL,
	`position` integer NOT NULL,
	`topic` text NOT NULL,
	`user_id` text,
	`echo_id` text,
	`start_time` integer NOT NULL,
	PRIMARY KEY(`call_id`, `position`),
	FOREIGN KEY (`call_id`) REFERENCES `calls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `call_topics_user_start_idx` ON `call_topics` (`user_id`,`start_time`,`topic`);--> statement-breakpoint
CREATE INDEX `call_topics_user_echo_start_idx` ON `call_topics` (`user_id`,`echo_id`,`start_time`,`topic`);--> statement-breakpoint
CREATE TABLE `latency_blocks` (
	`user_id` text NOT NULL,
	`echo_key` text NOT NULL,
	`block` integer NOT NULL,
	`stage` text NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`user_id`, `echo_key`, `block`, `stage`, `bucket`)
);
--> statement-breakpoint
CREATE INDEX `latency_blocks_covering_idx` ON `latency_blocks` (`user_id`,`echo_key`,`block`,`stage`,`bucket`,`n`);--> statement-breakpoint
CREATE TABLE `latency_days` (
	`user_id` text NOT NULL,
	`echo_key` text NOT NULL,
	`day` integer NOT NULL,
	`stage` text NOT NULL,
	`bucket` integer NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`user_id`, `echo_key`, `day`, `stage`, `bucket`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `latency_days_covering_idx` ON `latency_days` (`user_id`,`echo_key`,`day`,`stage`,`bucket`,`n`);--> statement-breakpoint
CREATE TABLE `topic_days` (
	`user_id` text NOT NULL,
	`echo_key` text NOT NULL,
	`day` integer NOT NULL,
	`topic` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`user_id`, `echo_key`, `day`, `topic`)
);
--> statement-breakpoint
CREATE INDEX `topic_days_covering_idx` ON `topic_days` (`user_id`,`echo_key`,`day`,`topic`,`n`);--> statement-breakpoint
-- Backfill: the figures of every existing call, then triggers keep them (hand-written below the
-- generated tables). Latency buckets: floor(6·log2(ms)), six per octave (worker/db/latency-buckets.ts).
INSERT INTO call_figures (call_id, user_id, echo_id, start_time, duration, failed, summarized, scored, joy, sadness, anger, fear, surprise, calm)
	SELECT c.id, c.user_id, c.echo_id, c.start_time, c.duration, c.status = 'failed', coalesce(s.status = 'ready', 0), s.caller_emotions IS NOT NULL,
		json_extract(s.caller_emotions, '$.joy'), json_extract(s.caller_emotions, '$.sadness'), json_extract(s.caller_emotions, '$.anger'), json_extract(s.caller_emotions, '$.fear'), json_extract(s.caller_emotions, '$.surprise'), json_extract(s.caller_emotions, '$.calm')
	FROM calls c LEFT JOIN call_summaries s ON s.call_id = c.id;
--> statement-breakpoint
INSERT INTO call_topics (call_id, position, topic, user_id, echo_id, start_time)
	SELECT s.call_id, t.key, t.value, c.user_id, c.echo_id, c.start_time FROM call_summaries s JOIN calls c ON c.id = s.call_id, json_each(s.topics) t
	WHERE s.status = 'ready' AND t.type = 'text';
--> statement-breakpoint
INSERT INTO latency_days (user_id, echo_key, day, stage, bucket, n)
	SELECT c.user_id, k.value, c.start_time / 86400000, s.key, cast(floor(6 * log2(max(s.value, 1))) as integer), count(*)
	FROM calls c JOIN transcript_entries e ON e.call_id = c.id, json_each(e.latency) s, json_each(json_array('*', c.echo_id)) k
	WHERE true AND c.user_id IS NOT NULL AND c.status != 'in-progress' AND e.speaker = 'assistant'
		AND s.key IN ('endOfTurnMs', 'transcribeMs', 'firstTokenMs', 'firstAudioMs') AND s.type IN ('integer', 'real') AND k.value IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (user_id, echo_key, day, stage, bucket) DO UPDATE SET n = n + excluded.n;
--> statement-breakpoint
CREATE TRIGGER call_figures_insert AFTER INSERT ON calls BEGIN
	INSERT INTO call_figures (call_id, user_id, echo_id, start_time, duration, failed) VALUES (new.id, new.user_id, new.echo_id, new.start_time, new.duration, new.status = 'failed')
	ON CONFLICT (call_id) DO UPDATE SET user_id = excluded.user_id, echo_id = excluded.echo_id, start_time = excluded.start_time, duration = excluded.duration, failed = excluded.failed;
END;
--> statement-breakpoint
CREATE TRIGGER call_figures_update AFTER UPDATE OF user_id, echo_id, start_time, duration, status ON calls BEGIN
	UPDATE call_figures SET user_id = new.user_id, echo_id = new.echo_id, start_time = new.start_time, duration = new.duration, failed = new.status = 'failed' WHERE call_id = new.id;
	UPDATE call_topics SET user_id = new.user_id, echo_id = new.echo_id, start_time = new.start_time WHERE call_id = new.id;
END;
--> statement-breakpoint
-- A call's turns count once it has ended.
CREATE TRIGGER latency_days_call_ended AFTER UPDATE OF status ON calls WHEN old.status = 'in-progress' AND new.status != 'in-progress' BEGIN
	INSERT INTO latency_days (user_id, echo_key, day, stage, bucket, n)
	SELECT c.user_id, k.value, c.start_time / 86400000, s.key, cast(floor(6 * log2(max(s.value, 1))) as integer), count(*)
	FROM calls c JOIN transcript_entries e ON e.call_id = c.id, json_each(e.latency) s, json_each(json_array('*', c.echo_id)) k
	WHERE c.id = new.id AND c.user_id IS NOT NULL AND c.status != 'in-progress' AND e.speaker = 'assistant'
		AND s.key IN ('endOfTurnMs', 'transcribeMs', 'firstTokenMs', 'firstAudioMs') AND s.type IN ('integer', 'real') AND k.value IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (user_id, echo_key, day, stage, bucket) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER latency_days_call_moved AFTER UPDATE OF user_id, echo_id, start_time ON calls
	WHEN old.status != 'in-progress' AND new.status != 'in-progress' AND (old.user_id IS NOT new.user_id OR old.echo_id IS NOT new.echo_id OR old.start_time != new.start_time) BEGIN
	UPDATE latency_days SET n = n - (
		SELECT count(*) FROM transcript_entries e, json_each(e.latency) s
		WHERE e.call_id = old.id AND e.speaker = 'assistant' AND s.key = latency_days.stage AND s.type IN ('integer', 'real') AND cast(floor(6 * log2(max(s.value, 1))) as integer) = latency_days.bucket)
	WHERE user_id = old.user_id AND echo_key IN ('*', old.echo_id) AND day = old.start_time / 86400000;
	DELETE FROM latency_days WHERE user_id = old.user_id AND echo_key IN ('*', old.echo_id) AND day = old.start_time / 86400000 AND n <= 0;
	INSERT INTO latency_days (user_id, echo_key, day, stage, bucket, n)
	SELECT c.user_id, k.value, c.start_time / 86400000, s.key, cast(floor(6 * log2(max(s.value, 1))) as integer), count(*)
	FROM calls c JOIN transcript_entries e ON e.call_id = c.id, json_each(e.latency) s, json_each(json_array('*', c.echo_id)) k
	WHERE c.id = new.id AND c.user_id IS NOT NULL AND c.status != 'in-progress' AND e.speaker = 'assistant'
		AND s.key IN ('endOfTurnMs', 'transcribeMs', 'firstTokenMs', 'firstAudioMs') AND s.type IN ('integer', 'real') AND k.value IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (user_id, echo_key, day, stage, bucket) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
-- Before the delete: its entries (deleted by cascade after it) are still there to subtract.
CREATE TRIGGER latency_days_call_deleted BEFORE DELETE ON calls WHEN old.status != 'in-progress' BEGIN
	UPDATE latency_days SET n = n - (
		SELECT count(*) FROM transcript_entries e, json_each(e.latency) s
		WHERE e.call_id = old.id AND e.speaker = 'assistant' AND s.key = latency_days.stage AND s.type IN ('integer', 'real') AND cast(floor(6 * log2(max(s.value, 1))) as integer) = latency_days.bucket)
	WHERE user_id = old.user_id AND echo_key IN ('*', old.echo_id) AND day = old.start_time / 86400000;
	DELETE FROM latency_days WHERE user_id = old.user_id AND echo_key IN ('*', old.echo_id) AND day = old.start_time / 86400000 AND n <= 0;
END;
--> statement-breakpoint
CREATE TRIGGER latency_days_entry_insert AFTER INSERT ON transcript_entries WHEN new.speaker = 'assistant' AND new.latency IS NOT NULL BEGIN
	INSERT INTO latency_days (user_id, echo_key, day, stage, bucket, n)
	SELECT c.user_id, k.value, c.start_time / 86400000, s.key, cast(floor(6 * log2(max(s.value, 1))) as integer), count(*)
	FROM calls c JOIN transcript_entries e ON e.call_id = c.id, json_each(e.latency) s, json_each(json_array('*', c.echo_id)) k
	WHERE c.id = new.call_id AND e.id = new.id AND c.user_id IS NOT NULL AND c.status != 'in-progress' AND e.speaker = 'assistant'
		AND s.key IN ('endOfTurnMs', 'transcribeMs', 'firstTokenMs', 'firstAudioMs') AND s.type IN ('integer', 'real') AND k.value IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (user_id, echo_key, day, stage, bucket) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER latency_days_entry_update AFTER UPDATE OF speaker, latency ON transcript_entries
	WHEN old.speaker IS NOT new.speaker OR old.latency IS NOT new.latency BEGIN
	UPDATE latency_days SET n = n - (
		SELECT count(*) FROM json_each(CASE WHEN old.speaker = 'assistant' THEN old.latency END) s WHERE s.key = latency_days.stage AND s.type IN ('integer', 'real') AND cast(floor(6 * log2(max(s.value, 1))) as integer) = latency_days.bucket)
	WHERE (user_id, echo_key, day) IN (
		SELECT c.user_id, k.value, c.start_time / 86400000 FROM calls c, json_each(json_array('*', c.echo_id)) k
		WHERE c.id = old.call_id AND c.status != 'in-progress' AND k.value IS NOT NULL);
	DELETE FROM latency_days WHERE n <= 0 AND (user_id, echo_key, day) IN (
		SELECT c.user_id, k.value, c.start_time / 86400000 FROM calls c, json_each(json_array('*', c.echo_id)) k
		WHERE c.id = old.call_id AND c.status != 'in-progress' AND k.value IS NOT NULL);
	INSERT INTO latency_days (user_id, echo_key, day, stage, bucket, n)
	SELECT c.user_id, k.value, c.start_time / 86400000, s.key, cast(floor(6 * log2(max(s.value, 1))) as integer), count(*)
	FROM calls c JOIN transcript_entries e ON e.call_id = c.id, json_each(e.latency) s, json_each(json_array('*', c.echo_id)) k
	WHERE c.id = new.call_id AND e.id = new.id AND c.user_id IS NOT NULL AND c.status != 'in-progress' AND e.speaker = 'assistant'
		AND s.key IN ('endOfTurnMs', 'transcribeMs', 'firstTokenMs', 'firstAudioMs') AND s.type IN ('integer', 'real') AND k.value IS NOT NULL
	GROUP BY 1, 2, 3, 4, 5
	ON CONFLICT (user_id, echo_key, day, stage, bucket) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
-- An entry deleted on its own (in a call's cascade the call is already gone, and was subtracted).
CREATE TRIGGER latency_days_entry_delete AFTER DELETE ON transcript_entries WHEN old.speaker = 'assistant' AND old.latency IS NOT NULL BEGIN
	UPDATE latency_days SET n = n - (
		SELECT count(*) FROM json_each(old.latency) s WHERE s.key = latency_days.stage AND s.type IN ('integer', 'real') AND cast(floor(6 * log2(max(s.value, 1))) as integer) = latency_days.bucket)
	WHERE (user_id, echo_key, day) IN (
		SELECT c.user_id, k.value, c.start_time / 86400000 FROM calls c, json_each(json_array('*', c.echo_id)) k
		WHERE c.id = old.call_id AND c.status != 'in-progress' AND k.value IS NOT NULL);
	DELETE FROM latency_days WHERE n <= 0 AND (user_id, echo_key, day) IN (
		SELECT c.user_id, k.value, c.start_time / 86400000 FROM calls c, json_each(json_array('*', c.echo_id)) k
		WHERE c.id = old.call_id AND c.status != 'in-progress' AND k.value IS NOT NULL);
END;
--> statement-breakpoint
CREATE TRIGGER call_figures_summary_insert AFTER INSERT ON call_summaries BEGIN
	UPDATE call_figures SET summarized = new.status = 'ready', scored = new.caller_emotions IS NOT NULL, joy = json_extract(new.caller_emotions, '$.joy'), sadness = json_extract(new.caller_emotions, '$.sadness'), anger = json_extract(new.caller_emotions, '$.anger'), fear = json_extract(new.caller_emotions, '$.fear'), surprise = json_extract(new.caller_emotions, '$.surprise'), calm = json_extract(new.caller_emotions, '$.calm') WHERE call_id = new.call_id;
	INSERT INTO call_topics (call_id, position, topic, user_id, echo_id, start_time)
	SELECT new.call_id, t.key, t.value, c.user_id, c.echo_id, c.start_time FROM calls c, json_each(new.topics) t
	WHERE c.id = new.call_id AND new.status = 'ready' AND t.type = 'text';
END;
--> statement-breakpoint
CREATE TRIGGER call_figures_summary_update AFTER UPDATE ON call_summaries BEGIN
	UPDATE call_figures SET summarized = new.status = 'ready', scored = new.caller_emotions IS NOT NULL, joy = json_extract(new.caller_emotions, '$.joy'), sadness = json_extract(new.caller_emotions, '$.sadness'), anger = json_extract(new.caller_emotions, '$.anger'), fear = json_extract(new.caller_emotions, '$.fear'), surprise = json_extract(new.caller_emotions, '$.surprise'), calm = json_extract(new.caller_emotions, '$.calm') WHERE call_id = new.call_id;
	DELETE FROM call_topics WHERE call_id = old.call_id;
	INSERT INTO call_topics (call_id, position, topic, user_id, echo_id, start_time)
	SELECT new.call_id, t.key, t.value, c.user_id, c.echo_id, c.start_time FROM calls c, json_each(new.topics) t
	WHERE c.id = new.call_id AND new.status = 'ready' AND t.type = 'text';
END;
--> statement-breakpoint
CREATE TRIGGER call_figures_summary_delete AFTER DELETE ON call_summaries BEGIN
	UPDATE call_figures SET summarized = 0, scored = 0, joy = NULL, sadness = NULL, anger = NULL, fear = NULL, surprise = NULL, calm = NULL WHERE call_id = old.call_id;
	DELETE FROM call_topics WHERE call_id = old.call_id;
END;
--> statement-breakpoint
-- Per-day sums of the backfilled figures (then kept by the triggers on call_figures and call_topics).
INSERT INTO call_days (user_id, echo_key, day, calls, timed, total_duration, failed, summarized, scored, joy_sum, joy_n, sadness_sum, sadness_n, anger_sum, anger_n, fear_sum, fear_n, surprise_sum, surprise_n, calm_sum, calm_n)
	SELECT user_id, coalesce(echo_id, ''), start_time / 86400000, count(*), count(duration), coalesce(sum(duration), 0), sum(failed), sum(summarized), sum(scored), coalesce(sum(joy), 0), count(joy), coalesce(sum(sadness), 0), count(sadness), coalesce(sum(anger), 0), count(anger), coalesce(sum(fear), 0), count(fear), coalesce(sum(surprise), 0), count(surprise), coalesce(sum(calm), 0), count(calm) FROM call_figures WHERE user_id IS NOT NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO topic_days (user_id, echo_key, day, topic, n)
	SELECT t.user_id, k.value, t.start_time / 86400000, t.topic, count(*) FROM call_topics t, json_each(json_array('*', t.echo_id)) k
	WHERE t.user_id IS NOT NULL AND k.value IS NOT NULL GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER call_days_insert AFTER INSERT ON call_figures BEGIN
	INSERT INTO call_days (user_id, echo_key, day, calls, timed, total_duration, failed, summarized, scored, joy_sum, joy_n, sadness_sum, sadness_n, anger_sum, anger_n, fear_sum, fear_n, surprise_sum, surprise_n, calm_sum, calm_n)
	SELECT new.user_id, coalesce(new.echo_id, ''), new.start_time / 86400000, 1, (new.duration IS NOT NULL), coalesce(new.duration, 0), new.failed, new.summarized, new.scored, coalesce(new.joy, 0), (new.joy IS NOT NULL), coalesce(new.sadness, 0), (new.sadness IS NOT NULL), coalesce(new.anger, 0), (new.anger IS NOT NULL), coalesce(new.fear, 0), (new.fear IS NOT NULL), coalesce(new.surprise, 0), (new.surprise IS NOT NULL), coalesce(new.calm, 0), (new.calm IS NOT NULL) WHERE new.user_id IS NOT NULL
	ON CONFLICT (user_id, echo_key, day) DO UPDATE SET calls = calls + excluded.calls, timed = timed + excluded.timed, total_duration = total_duration + excluded.total_duration, failed = failed + excluded.failed, summarized = summarized + excluded.summarized, scored = scored + excluded.scored, joy_sum = joy_sum + excluded.joy_sum, joy_n = joy_n + excluded.joy_n, sadness_sum = sadness_sum + excluded.sadness_sum, sadness_n = sadness_n + excluded.sadness_n, anger_sum = anger_sum + excluded.anger_sum, anger_n = anger_n + excluded.anger_n, fear_sum = fear_sum + excluded.fear_sum, fear_n = fear_n + excluded.fear_n, surprise_sum = surprise_sum + excluded.surprise_sum, surprise_n = surprise_n + excluded.surprise_n, calm_sum = calm_sum + excluded.calm_sum, calm_n = calm_n + excluded.calm_n;
END;
--> statement-breakpoint
CREATE TRIGGER call_days_update AFTER UPDATE ON call_figures BEGIN
	INSERT INTO call_days (user_id, echo_key, day, calls, timed, total_duration, failed, summarized, scored, joy_sum, joy_n, sadness_sum, sadness_n, anger_sum, anger_n, fear_sum, fear_n, surprise_sum, surprise_n, calm_sum, calm_n)
	SELECT old.user_id, coalesce(old.echo_id, ''), old.start_time / 86400000, -1, -(old.duration IS NOT NULL), -coalesce(old.duration, 0), -old.failed, -old.summarized, -old.scored, -coalesce(old.joy, 0), -(old.joy IS NOT NULL), -coalesce(old.sadness, 0), -(old.sadness IS NOT NULL), -coalesce(old.anger, 0), -(old.anger IS NOT NULL), -coalesce(old.fear, 0), -(old.fear IS NOT NULL), -coalesce(old.surprise, 0), -(old.surprise IS NOT NULL), -coalesce(old.calm, 0), -(old.calm IS NOT NULL) WHERE old.user_id IS NOT NULL
	ON CONFLICT (user_id, echo_key, day) DO UPDATE SET calls = calls + excluded.calls, timed = timed + excluded.timed, total_duration = total_duration + excluded.total_duration, failed = failed + excluded.failed, summarized = summarized + excluded.summarized, scored = scored + excluded.scored, joy_sum = joy_sum + excluded.joy_sum, joy_n = joy_n + excluded.joy_n, sadness_sum = sadness_sum + excluded.sadness_sum, sadness_n = sadness_n + excluded.sadness_n, anger_sum = anger_sum + excluded.anger_sum, anger_n = anger_n + excluded.anger_n, fear_sum = fear_sum + excluded.fear_sum, fear_n = fear_n + excluded.fear_n, surprise_sum = surprise_sum + excluded.surprise_sum, surprise_n = surprise_n + excluded.surprise_n, calm_sum = calm_sum + excluded.calm_sum, calm_n = calm_n + excluded.calm_n;
	DELETE FROM call_days WHERE user_id = old.user_id AND echo_key = coalesce(old.echo_id, '') AND day = old.start_time / 86400000 AND calls = 0;
	INSERT INTO call_days (user_id, echo_key, day, calls, timed, total_duration, failed, summarized, scored, joy_sum, joy_n, sadness_sum, sadness_n, anger_sum, anger_n, fear_sum, fear_n, surprise_sum, surprise_n, calm_sum, calm_n)
	SELECT new.user_id, coalesce(new.echo_id, ''), new.start_time / 86400000, 1, (new.duration IS NOT NULL), coalesce(new.duration, 0), new.failed, new.summarized, new.scored, coalesce(new.joy, 0), (new.joy IS NOT NULL), coalesce(new.sadness, 0), (new.sadness IS NOT NULL), coalesce(new.anger, 0), (new.anger IS NOT NULL), coalesce(new.fear, 0), (new.fear IS NOT NULL), coalesce(new.surprise, 0), (new.surprise IS NOT NULL), coalesce(new.calm, 0), (new.calm IS NOT NULL) WHERE new.user_id IS NOT NULL
	ON CONFLICT (user_id, echo_key, day) DO UPDATE SET calls = calls + excluded.calls, timed = timed + excluded.timed, total_duration = total_duration + excluded.total_duration, failed = failed + excluded.failed, summarized = summarized + excluded.summarized, scored = scored + excluded.scored, joy_sum = joy_sum + excluded.joy_sum, joy_n = joy_n + excluded.joy_n, sadness_sum = sadness_sum + excluded.sadness_sum, sadness_n = sadness_n + excluded.sadness_n, anger_sum = anger_sum + excluded.anger_sum, anger_n = anger_n + excluded.anger_n, fear_sum = fear_sum + excluded.fear_sum, fear_n = fear_n + excluded.fear_n, surprise_sum = surprise_sum + excluded.surprise_sum, surprise_n = surprise_n + excluded.surprise_n, calm_sum = calm_sum + excluded.calm_sum, calm_n = calm_n + excluded.calm_n;
END;
--> statement-breakpoint
CREATE TRIGGER call_days_delete AFTER DELETE ON call_figures BEGIN
	INSERT INTO call_days (user_id, echo_key, day, calls, timed, total_duration, failed, summarized, scored, joy_sum, joy_n, sadness_sum, sadness_n, anger_sum, anger_n, fear_sum, fear_n, surprise_sum, surprise_n, calm_sum, calm_n)
	SELECT old.user_id, coalesce(old.echo_id, ''), old.start_time / 86400000, -1, -(old.duration IS NOT NULL), -coalesce(old.duration, 0), -old.failed, -old.summarized, -old.scored, -coalesce(old.joy, 0), -(old.joy IS NOT NULL), -coalesce(old.sadness, 0), -(old.sadness IS NOT NULL), -coalesce(old.anger, 0), -(old.anger IS NOT NULL), -coalesce(old.fear, 0), -(old.fear IS NOT NULL), -coalesce(old.surprise, 0), -(old.surprise IS NOT NULL), -coalesce(old.calm, 0), -(old.calm IS NOT NULL) WHERE old.user_id IS NOT NULL
	ON CONFLICT (user_id, echo_key, day) DO UPDATE SET calls = calls + excluded.calls, timed = timed + excluded.timed, total_duration = total_duration + excluded.total_duration, failed = failed + excluded.failed, summarized = summarized + excluded.summarized, scored = scored + excluded.scored, joy_sum = joy_sum + excluded.joy_sum, joy_n = joy_n + excluded.joy_n, sadness_sum = sadness_sum + excluded.sadness_sum, sadness_n = sadness_n + excluded.sadness_n, anger_sum = anger_sum + excluded.anger_sum, anger_n = anger_n + excluded.anger_n, fear_sum = fear_sum + excluded.fear_sum, fear_n = fear_n + excluded.fear_n, surprise_sum = surprise_sum + excluded.surprise_sum, surprise_n = surprise_n + excluded.surprise_n, calm_sum = calm_sum + excluded.calm_sum, calm_n = calm_n + excluded.calm_n;
	DELETE FROM call_days WHERE user_id = old.user_id AND echo_key = coalesce(old.echo_id, '') AND day = old.start_time / 86400000 AND calls = 0;
END;
--> statement-breakpoint
CREATE TRIGGER topic_days_insert AFTER INSERT ON call_topics BEGIN
	INSERT INTO topic_days (user_id, echo_key, day, topic, n)
	SELECT new.user_id, k.value, new.start_time / 86400000, new.topic, 1 FROM json_each(json_array('*', new.echo_id)) k WHERE new.user_id IS NOT NULL AND k.value IS NOT NULL
	ON CONFLICT (user_id, echo_key, day, topic) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER topic_days_update AFTER UPDATE ON call_topics BEGIN
	INSERT INTO topic_days (user_id, echo_key, day, topic, n)
	SELECT old.user_id, k.value, old.start_time / 86400000, old.topic, -1 FROM json_each(json_array('*', old.echo_id)) k WHERE old.user_id IS NOT NULL AND k.value IS NOT NULL
	ON CONFLICT (user_id, echo_key, day, topic) DO UPDATE SET n = n + excluded.n;
	DELETE FROM topic_days WHERE user_id = old.user_id AND echo_key IN ('*', old.echo_id) AND day = old.start_time / 86400000 AND topic = old.topic AND n = 0;
	INSERT INTO topic_days (user_id, echo_key, day, topic, n)
	SELECT new.user_id, k.value, new.start_time / 86400000, new.topic, 1 FROM json_each(json_array('*', new.echo_id)) k WHERE new.user_id IS NOT NULL AND k.value IS NOT NULL
	ON CONFLICT (user_id, echo_key, day, topic) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER topic_days_delete AFTER DELETE ON call_topics BEGIN
	INSERT INTO topic_days (user_id, echo_key, day, topic, n)
	SELECT old.user_id, k.value, old.start_time / 86400000, old.topic, -1 FROM json_each(json_array('*', old.echo_id)) k WHERE old.user_id IS NOT NULL AND k.value IS NOT NULL
	ON CONFLICT (user_id, echo_key, day, topic) DO UPDATE SET n = n + excluded.n;
	DELETE FROM topic_days WHERE user_id = old.user_id AND echo_key IN ('*', old.echo_id) AND day = old.start_time / 86400000 AND topic = old.topic AND n = 0;
END;
--> statement-breakpoint
-- A deleted user's calls were subtracted on the way (cascade); nothing of theirs is left.
CREATE TRIGGER insight_days_user_deleted AFTER DELETE ON users BEGIN
	DELETE FROM call_days WHERE user_id = old.id;
	DELETE FROM topic_days WHERE user_id = old.id;
END;
--> statement-breakpoint
-- Blocks of 16 days of latency_days, kept by triggers on it.
INSERT INTO latency_blocks (user_id, echo_key, block, stage, bucket, n)
	SELECT user_id, echo_key, day / 16, stage, bucket, sum(n) FROM latency_days GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
CREATE TRIGGER latency_blocks_insert AFTER INSERT ON latency_days BEGIN
	INSERT INTO latency_blocks (user_id, echo_key, block, stage, bucket, n) VALUES (new.user_id, new.echo_key, new.day / 16, new.stage, new.bucket, new.n)
	ON CONFLICT (user_id, echo_key, block, stage, bucket) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER latency_blocks_update AFTER UPDATE ON latency_days BEGIN
	INSERT INTO latency_blocks (user_id, echo_key, block, stage, bucket, n) VALUES (old.user_id, old.echo_key, old.day / 16, old.stage, old.bucket, -old.n)
	ON CONFLICT (user_id, echo_key, block, stage, bucket) DO UPDATE SET n = n + excluded.n;
	INSERT INTO latency_blocks (user_id, echo_key, block, stage, bucket, n) VALUES (new.user_id, new.echo_key, new.day / 16, new.stage, new.bucket, new.n)
	ON CONFLICT (user_id, echo_key, block, stage, bucket) DO UPDATE SET n = n + excluded.n;
	DELETE FROM latency_blocks WHERE user_id = old.user_id AND echo_key = old.echo_key AND block = old.day / 16 AND stage = old.stage AND bucket = old.bucket AND n = 0;
END;
--> statement-breakpoint
CREATE TRIGGER latency_blocks_delete AFTER DELETE ON latency_days BEGIN
	INSERT INTO latency_blocks (user_id, echo_key, block, stage, bucket, n) VALUES (old.user_id, old.echo_key, old.day / 16, old.stage, old.bucket, -old.n)
	ON CONFLICT (user_id, echo_key, block, stage, bucket) DO UPDATE SET n = n + excluded.n;
	DELETE FROM latency_blocks WHERE user_id = old.user_id AND echo_key = old.echo_key AND block = old.day / 16 AND stage = old.stage AND bucket = old.bucket AND n = 0;
END;
--> statement-breakpoint
CREATE TRIGGER latency_blocks_user_deleted AFTER DELETE ON users BEGIN
	DELETE FROM latency_blocks WHERE user_id = old.id;
END;
