-- migrate:up

-- A child's medical certificate (docs/school.md#families): the parent's row (user_id) naming one of their
-- children. A member's own certificates are those with child_id NULL; a child's go with the child.
ALTER TABLE medical_certificates ADD COLUMN child_id integer REFERENCES children(id) ON DELETE CASCADE;
CREATE INDEX medical_certificates_child_id_expiry_date_idx ON medical_certificates (child_id, expiry_date DESC);

-- migrate:down

DROP INDEX medical_certificates_child_id_expiry_date_idx;
ALTER TABLE medical_certificates DROP COLUMN child_id;
