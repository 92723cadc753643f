-- migrate:up
-- A course's, a camp's and a tournament's optional German and English titles (docs/i18n.md#data-words):
-- the member pages and e-mails in that language show them, else the Italian name.
ALTER TABLE courses ADD COLUMN title_de varchar(120), ADD COLUMN title_en varchar(120);
ALTER TABLE tournaments ADD COLUMN title_de varchar(120), ADD COLUMN title_en varchar(120);

-- migrate:down
ALTER TABLE tournaments DROP COLUMN title_de, DROP COLUMN title_en;
ALTER TABLE courses DROP COLUMN title_de, DROP COLUMN title_en;
