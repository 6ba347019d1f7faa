-- Hand-written backfill (issue 44 §3): "who answers my calls" becomes an explicit choice. Until now a
-- null users.phone_echo_id (or one naming an inactive Echo) meant "the most recently updated active
-- Echo", so editing any Echo could change who answered. Each account's answerer as of today becomes its
-- explicit choice: the chosen Echo while active, else the most recently updated active one (ties: the
-- larger id, as worker/db/phone.ts orders them); null when the account has no active Echo.
UPDATE `users` SET `phone_echo_id` = (
  SELECT `echoes`.`id` FROM `echoes`
  WHERE `echoes`.`user_id` = `users`.`id` AND `echoes`.`is_active` = 1
  ORDER BY (`echoes`.`id` IS `users`.`phone_echo_id`) DESC, `echoes`.`updated_at` DESC, `echoes`.`id` DESC
  LIMIT 1
);
