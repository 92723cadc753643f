-- migrate:up

-- Above this amount the desk confirms a top-up or a credit refund in words before it is booked
-- (docs/domain.md#credit, "Large amounts at the desk"): 200 € by default, the members' own online maximum.
ALTER TABLE settings ADD COLUMN desk_confirm_above_cents integer NOT NULL DEFAULT 20000,
  ADD CONSTRAINT settings_desk_confirm_above_positive CHECK (desk_confirm_above_cents > 0);

-- migrate:down

ALTER TABLE settings DROP CONSTRAINT settings_desk_confirm_above_positive, DROP COLUMN desk_confirm_above_cents;
