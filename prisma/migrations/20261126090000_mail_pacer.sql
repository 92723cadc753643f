-- migrate:up

-- The pace of bulk e-mail (broadcasts, the rain check's member e-mails), shared by every sender of every
-- process: MAIL_RATE_PER_SECOND is their total, not each one's. One row holds the next free send slot; a
-- sender takes it and moves it on by one interval in one atomic statement (apps/api/src/lib/mail-pacer.ts),
-- never from a moment already past (greatest with the clock), then waits until its slot.
CREATE TABLE mail_pacer (
  id      smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  next_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO mail_pacer DEFAULT VALUES;

-- migrate:down

DROP TABLE mail_pacer;
