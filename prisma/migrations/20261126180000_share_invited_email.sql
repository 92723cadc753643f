-- migrate:up

-- A member added to a split booking by their e-mail address is shown by that address, not their name,
-- until they pay their share: adding an address never tells the organiser whether it has an account
-- (docs/domain.md#split-payment). Lower-case, as users.email.
ALTER TABLE booking_players ADD COLUMN invited_email varchar(255) CHECK (invited_email = lower(invited_email));

-- migrate:down

ALTER TABLE booking_players DROP COLUMN invited_email;
