-- migrate:up

-- Staff may reject a certificate a member uploaded (unreadable, someone else's, not a sports
-- certificate), with the reason the member is e-mailed. A rejected certificate counts for nothing: it
-- waits for no one and makes no one valid. It is verified or rejected, never both.
ALTER TABLE medical_certificates
  ADD COLUMN rejected_at timestamptz(3),
  ADD COLUMN rejected_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  ADD COLUMN rejection_reason varchar(500),
  ADD CONSTRAINT medical_certificates_rejection CHECK ((rejected_at IS NULL) = (rejection_reason IS NULL)),
  ADD CONSTRAINT medical_certificates_verified_or_rejected CHECK (verified_at IS NULL OR rejected_at IS NULL);

-- migrate:down

ALTER TABLE medical_certificates
  DROP CONSTRAINT medical_certificates_verified_or_rejected,
  DROP CONSTRAINT medical_certificates_rejection,
  DROP COLUMN rejection_reason,
  DROP COLUMN rejected_by_id,
  DROP COLUMN rejected_at;
