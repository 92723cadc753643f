-- migrate:up

-- The desk's form sends one key per entrance it records: the same request again (a double click, a retry)
-- finds its entrance by the key and is answered the success, never a second entrance nor an error.
ALTER TABLE check_ins ADD COLUMN request_key uuid;
CREATE UNIQUE INDEX check_ins_request_key_key ON check_ins (request_key);

-- migrate:down

DROP INDEX check_ins_request_key_key;
ALTER TABLE check_ins DROP COLUMN request_key;
