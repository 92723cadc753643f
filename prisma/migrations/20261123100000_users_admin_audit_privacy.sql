-- migrate:up

-- Accounts the desk disabled cannot log in; erased accounts are anonymised and stay disabled (design §8).
ALTER TABLE users ADD COLUMN disabled_at timestamptz(3);
ALTER TABLE users ADD COLUMN erased_at timestamptz(3);

-- Every back-office write: who, when, what, and the values before and after (design §8). The actor and
-- the subject are kept as plain ids, so the log outlives the rows it speaks of.
CREATE TABLE audit_log (
  id              bigserial PRIMARY KEY,
  actor_id        integer NOT NULL,
  action          varchar(200) NOT NULL,
  entity_type     varchar(50) NOT NULL,
  entity_id       integer,
  -- The member the write concerns (the user itself, or the holder of a card or booking).
  subject_user_id integer,
  input           jsonb,
  before_data     jsonb,
  after_data      jsonb,
  request_id      varchar(100),
  ip_address      varchar(64),
  created_at      timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_id_created_at_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_entity_type_entity_id_idx ON audit_log (entity_type, entity_id);
CREATE INDEX audit_log_subject_user_id_idx ON audit_log (subject_user_id);

-- migrate:down
DROP TABLE audit_log;
ALTER TABLE users DROP COLUMN erased_at;
ALTER TABLE users DROP COLUMN disabled_at;
