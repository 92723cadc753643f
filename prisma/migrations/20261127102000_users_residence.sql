-- migrate:up

-- The residence the members' register keeps for each member (address, postcode, town), written by the
-- desk on the member's page; erased with the rest of the personal data.
ALTER TABLE users ADD COLUMN residence varchar(300);

-- migrate:down

ALTER TABLE users DROP COLUMN residence;
