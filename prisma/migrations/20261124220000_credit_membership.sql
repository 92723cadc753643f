-- migrate:up
-- The membership card a credit movement paid (a tessera paid from credit).
ALTER TABLE credit_movements ADD COLUMN membership_id integer,
  ADD CONSTRAINT credit_movements_membership_id_fkey FOREIGN KEY (membership_id) REFERENCES memberships (id) ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX credit_movements_membership_id_idx ON credit_movements (membership_id);

-- migrate:down
ALTER TABLE credit_movements DROP COLUMN membership_id;
