-- migrate:up

-- Medical certificates (certificato medico sportivo): one row per certificate a member presented.
-- A certificate the member uploads waits for staff (verified_at NULL); one the desk records is verified.
-- expiry_date is the last day it is valid.
CREATE TYPE certificate_kind AS ENUM ('non_agonistico', 'agonistico');

CREATE TABLE medical_certificates (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind           certificate_kind NOT NULL,
  issued_by      varchar(200) NOT NULL,
  issue_date     date NOT NULL,
  expiry_date    date NOT NULL,
  -- The scanned file under STORAGE_DIR and its type as read from its content.
  file_path      varchar(300),
  file_type      varchar(50),
  uploaded_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  verified_at    timestamptz(3),
  verified_by_id integer REFERENCES users(id) ON DELETE SET NULL,
  created_at     timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT medical_certificates_dates CHECK (expiry_date >= issue_date),
  CONSTRAINT medical_certificates_file CHECK ((file_path IS NULL) = (file_type IS NULL))
);
CREATE INDEX medical_certificates_user_id_expiry_date_idx ON medical_certificates (user_id, expiry_date DESC);

-- Expiry reminders sent: the primary key lets each reminder of a certificate go out once, however
-- often the daily job runs.
CREATE TABLE certificate_reminders (
  certificate_id integer NOT NULL REFERENCES medical_certificates(id) ON DELETE CASCADE,
  kind           varchar(10) NOT NULL CHECK (kind IN ('30_days', '7_days', 'on_expiry')),
  sent_at        timestamptz(3) NOT NULL DEFAULT now(),
  PRIMARY KEY (certificate_id, kind)
);

-- When on, a member without a valid certificate on the day of play cannot book online.
ALTER TABLE settings ADD COLUMN require_valid_certificate boolean NOT NULL DEFAULT false;

-- Consents: the current state per member (no row: nothing optional given) and every change with its time.
CREATE TABLE member_consents (
  user_id              integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  privacy_version      varchar(20),
  photos               boolean NOT NULL DEFAULT false,
  newsletter           boolean NOT NULL DEFAULT false,
  -- A member under 14 gives consent through a parent or guardian.
  guardian_name        varchar(200),
  guardian_fiscal_code char(16),
  guardian_accepted_at timestamptz(3),
  updated_at           timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT member_consents_guardian CHECK (
    (guardian_name IS NULL AND guardian_fiscal_code IS NULL AND guardian_accepted_at IS NULL)
    OR (guardian_name IS NOT NULL AND guardian_fiscal_code IS NOT NULL AND guardian_accepted_at IS NOT NULL))
);

CREATE TABLE consent_events (
  id         bigserial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  consent    varchar(20) NOT NULL CHECK (consent IN ('privacy', 'photos', 'newsletter', 'guardian')),
  granted    boolean NOT NULL,
  -- The privacy notice's version for 'privacy'; how a change came ('profilo', 'registrazione', 'disiscrizione').
  detail     varchar(50),
  created_at timestamptz(3) NOT NULL DEFAULT now()
);
CREATE INDEX consent_events_user_id_created_at_idx ON consent_events (user_id, created_at);

-- A bulk e-mail is a service message (every selected holder) or a newsletter (only those who consented).
ALTER TABLE broadcasts ADD COLUMN kind varchar(20) NOT NULL DEFAULT 'service' CHECK (kind IN ('service', 'newsletter'));

-- migrate:down
ALTER TABLE broadcasts DROP COLUMN kind;
DROP TABLE consent_events;
DROP TABLE member_consents;
ALTER TABLE settings DROP COLUMN require_valid_certificate;
DROP TABLE certificate_reminders;
DROP TABLE medical_certificates;
DROP TYPE certificate_kind;
