-- migrate:up

-- Notes the desk keeps on a card (membership editor, design §5).
ALTER TABLE memberships ADD COLUMN notes varchar(1000);

-- Free-text search of the memberships list (name, e-mail, membership number) with ILIKE '%…%':
-- trigram indexes serve substring matches that b-tree indexes cannot.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX memberships_number_trgm ON memberships USING gin (membership_number gin_trgm_ops);
CREATE INDEX users_search_trgm ON users USING gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops);
-- The default order of the list (newest first), alone and under each filter, so a page is read
-- from an index instead of sorting every matching card.
CREATE INDEX memberships_created_at_id ON memberships (created_at DESC, id DESC);
CREATE INDEX memberships_status_created_at_id ON memberships (status, created_at DESC, id DESC);
CREATE INDEX memberships_type_created_at_id ON memberships (type, created_at DESC, id DESC);
CREATE INDEX memberships_bvu_created_at_id ON memberships (is_bvu_member, created_at DESC, id DESC);
DROP INDEX memberships_created_at_idx;

-- Bulk e-mail (design §5): the message and every recipient are stored, so a worker that stops
-- resumes where it was and nobody gets the message twice.
CREATE TYPE broadcast_status AS ENUM ('queued', 'sending', 'completed');
CREATE TYPE broadcast_recipient_status AS ENUM ('pending', 'sending', 'sent', 'failed');

CREATE TABLE broadcasts (
  id              serial PRIMARY KEY,
  subject         varchar(200) NOT NULL,
  message         text NOT NULL,
  recipient_type  varchar(20) NOT NULL,
  status          broadcast_status NOT NULL DEFAULT 'queued',
  -- The provider limits in force when it was sent.
  rate_per_second numeric(8,2) NOT NULL CHECK (rate_per_second > 0),
  batch_size      integer NOT NULL CHECK (batch_size > 0),
  mailer          varchar(20) NOT NULL,
  created_by_id   integer REFERENCES users (id) ON DELETE SET NULL,
  started_at      timestamptz(3),
  finished_at     timestamptz(3),
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now()
);

CREATE TABLE broadcast_recipients (
  id           serial PRIMARY KEY,
  broadcast_id integer NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
  email        varchar(255) NOT NULL,
  name         varchar(201) NOT NULL,
  status       broadcast_recipient_status NOT NULL DEFAULT 'pending',
  error        varchar(500),
  sent_at      timestamptz(3),
  UNIQUE (broadcast_id, email)
);
CREATE INDEX broadcast_recipients_broadcast_id_status_idx ON broadcast_recipients (broadcast_id, status);

-- migrate:down
DROP TABLE broadcast_recipients;
DROP TABLE broadcasts;
DROP TYPE broadcast_recipient_status;
DROP TYPE broadcast_status;
CREATE INDEX memberships_created_at_idx ON memberships (created_at);
DROP INDEX memberships_bvu_created_at_id;
DROP INDEX memberships_type_created_at_id;
DROP INDEX memberships_status_created_at_id;
DROP INDEX memberships_created_at_id;
DROP INDEX users_search_trgm;
DROP INDEX memberships_number_trgm;
ALTER TABLE memberships DROP COLUMN notes;
