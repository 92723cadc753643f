-- migrate:up

-- The language a member reads the site, the API's answers and (later) the e-mails in: Italian unless they
-- chose another at registration or in their profile. The back-office stays Italian whatever it says.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'it' CHECK (locale IN ('it', 'de', 'en'));

-- migrate:down

ALTER TABLE users DROP COLUMN locale;
