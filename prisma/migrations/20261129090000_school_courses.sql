-- migrate:up

-- The school (docs/school.md): season courses on the D courts with a coach, their sessions generated from
-- a recurrence rule and holding their courts through court closures, the children on a parent's account,
-- enrolments (the whole course, one lesson or a trial) and attendance. Places are counted on the course's
-- row and a CHECK keeps them within its maximum: concurrent enrolments queue on that row, and the one past
-- the last place fails, never squeezes in. Fees are ledger entries like every other money.
ALTER TYPE user_role ADD VALUE IF NOT EXISTS 'coach';
ALTER TYPE transaction_kind ADD VALUE IF NOT EXISTS 'enrolment';
ALTER TYPE ledger_account_kind ADD VALUE IF NOT EXISTS 'revenue_school' AFTER 'revenue_extra';
ALTER TYPE ledger_account_kind ADD VALUE IF NOT EXISTS 'enrolment_receivable' AFTER 'membership_receivable';

CREATE TABLE children (
  id            serial PRIMARY KEY,
  parent_id     integer NOT NULL,
  first_name    varchar(100) NOT NULL,
  last_name     varchar(100) NOT NULL,
  birth_date    date NOT NULL,
  fiscal_code   varchar(16),
  health_notes  varchar(1000),
  pickup_people varchar(500),
  photo_consent boolean NOT NULL DEFAULT false,
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  updated_at    timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT children_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES users (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX children_parent_id_idx ON children (parent_id);

CREATE TABLE courses (
  id                 serial PRIMARY KEY,
  name               varchar(120) NOT NULL,
  sport              sport NOT NULL DEFAULT 'beach_volley',
  level              varchar(80),
  min_age            integer CHECK (min_age >= 0),
  max_age            integer CHECK (max_age >= 0),
  coach_id           integer,
  starts_on          date NOT NULL,
  ends_on            date NOT NULL,
  recurrence         varchar(200) NOT NULL,
  start_time         varchar(5) NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  duration_minutes   integer NOT NULL CHECK (duration_minutes BETWEEN 15 AND 600),
  min_participants   integer NOT NULL DEFAULT 1 CHECK (min_participants >= 1),
  max_participants   integer NOT NULL,
  places_taken       integer NOT NULL DEFAULT 0,
  price_cents        integer NOT NULL CHECK (price_cents >= 0),
  lesson_price_cents integer CHECK (lesson_price_cents >= 0),
  trial_allowed      boolean NOT NULL DEFAULT false,
  published_at       timestamptz(3),
  cancelled_at       timestamptz(3),
  created_at         timestamptz(3) NOT NULL DEFAULT now(),
  updated_at         timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT courses_dates CHECK (ends_on >= starts_on),
  CONSTRAINT courses_ages CHECK (min_age IS NULL OR max_age IS NULL OR max_age >= min_age),
  CONSTRAINT courses_participants CHECK (max_participants >= min_participants),
  CONSTRAINT courses_places_taken_range CHECK (places_taken >= 0 AND places_taken <= max_participants),
  CONSTRAINT courses_coach_id_fkey FOREIGN KEY (coach_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX courses_coach_id_idx ON courses (coach_id);

CREATE TABLE course_courts (
  course_id integer NOT NULL,
  court_id  integer NOT NULL,
  CONSTRAINT course_courts_pkey PRIMARY KEY (course_id, court_id),
  CONSTRAINT course_courts_course_id_fkey FOREIGN KEY (course_id) REFERENCES courses (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_courts_court_id_fkey FOREIGN KEY (court_id) REFERENCES courts (id) ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX course_courts_court_id_idx ON course_courts (court_id);

CREATE TABLE course_sessions (
  id            serial PRIMARY KEY,
  course_id     integer NOT NULL,
  starts_at     timestamptz(3) NOT NULL,
  ends_at       timestamptz(3) NOT NULL,
  cancelled_at  timestamptz(3),
  cancel_reason varchar(255),
  created_at    timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT course_sessions_times CHECK (ends_at > starts_at),
  CONSTRAINT course_sessions_course_id_fkey FOREIGN KEY (course_id) REFERENCES courses (id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX course_sessions_course_id_starts_at_key ON course_sessions (course_id, starts_at);
CREATE INDEX course_sessions_starts_at_idx ON course_sessions (starts_at);

-- A session's courts are closures the planner and the availability already respect; they go with it.
ALTER TABLE court_closures ADD COLUMN course_session_id integer,
  ADD CONSTRAINT court_closures_course_session_id_fkey FOREIGN KEY (course_session_id) REFERENCES course_sessions (id) ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX court_closures_course_session_id_idx ON court_closures (course_session_id);

CREATE TYPE enrolment_kind AS ENUM ('course', 'lesson', 'trial');
CREATE TYPE enrolment_status AS ENUM ('pending_payment', 'confirmed', 'cancelled');

CREATE TABLE course_enrolments (
  id              serial PRIMARY KEY,
  course_id       integer NOT NULL,
  user_id         integer NOT NULL,
  child_id        integer,
  kind            enrolment_kind NOT NULL,
  session_id      integer,
  amount_cents    integer NOT NULL CHECK (amount_cents >= 0),
  status          enrolment_status NOT NULL DEFAULT 'pending_payment',
  hold_expires_at timestamptz(3),
  confirmed_at    timestamptz(3),
  cancelled_at    timestamptz(3),
  created_by_id   integer,
  created_at      timestamptz(3) NOT NULL DEFAULT now(),
  updated_at      timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT course_enrolments_session_matches_kind CHECK ((kind = 'course') = (session_id IS NULL)),
  CONSTRAINT course_enrolments_course_id_fkey FOREIGN KEY (course_id) REFERENCES courses (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT course_enrolments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT course_enrolments_child_id_fkey FOREIGN KEY (child_id) REFERENCES children (id) ON DELETE RESTRICT ON UPDATE CASCADE,
  CONSTRAINT course_enrolments_session_id_fkey FOREIGN KEY (session_id) REFERENCES course_sessions (id) ON DELETE RESTRICT ON UPDATE CASCADE
);
CREATE INDEX course_enrolments_course_id_status_idx ON course_enrolments (course_id, status);
CREATE INDEX course_enrolments_user_id_idx ON course_enrolments (user_id);
CREATE INDEX course_enrolments_child_id_idx ON course_enrolments (child_id);
-- One live place per person in a course, and per person in a session.
CREATE UNIQUE INDEX course_enrolments_one_live_course ON course_enrolments (course_id, user_id, COALESCE(child_id, 0))
  WHERE kind = 'course' AND status <> 'cancelled';
CREATE UNIQUE INDEX course_enrolments_one_live_session ON course_enrolments (session_id, user_id, COALESCE(child_id, 0))
  WHERE session_id IS NOT NULL AND status <> 'cancelled';

CREATE TABLE course_attendances (
  id             serial PRIMARY KEY,
  session_id     integer NOT NULL,
  enrolment_id   integer NOT NULL,
  present        boolean NOT NULL,
  note           varchar(500),
  recorded_by_id integer,
  recorded_at    timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT course_attendances_session_id_fkey FOREIGN KEY (session_id) REFERENCES course_sessions (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_attendances_enrolment_id_fkey FOREIGN KEY (enrolment_id) REFERENCES course_enrolments (id) ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT course_attendances_recorded_by_id_fkey FOREIGN KEY (recorded_by_id) REFERENCES users (id) ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX course_attendances_session_id_enrolment_id_key ON course_attendances (session_id, enrolment_id);
CREATE INDEX course_attendances_enrolment_id_idx ON course_attendances (enrolment_id);

-- A payment of kind enrolment pays one enrolment; the ledger's accounts and entries name it too.
ALTER TABLE transactions ADD COLUMN enrolment_id integer,
  ADD CONSTRAINT transactions_enrolment_id_fkey FOREIGN KEY (enrolment_id) REFERENCES course_enrolments (id) ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX transactions_enrolment_id_idx ON transactions (enrolment_id);
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL AND enrolment_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL AND enrolment_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL)
  OR (kind::text = 'enrolment' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NOT NULL)
);
ALTER TABLE ledger_accounts ADD COLUMN enrolment_id integer;
CREATE INDEX ledger_accounts_enrolment_id_idx ON ledger_accounts (enrolment_id);
ALTER TABLE ledger_entries ADD COLUMN enrolment_id integer;
CREATE INDEX ledger_entries_enrolment_id_idx ON ledger_entries (enrolment_id);

-- migrate:down

ALTER TABLE ledger_entries DROP COLUMN enrolment_id;
ALTER TABLE ledger_accounts DROP COLUMN enrolment_id;
ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL) OR (kind = 'booking' AND membership_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL)
);
ALTER TABLE transactions DROP COLUMN enrolment_id;
DROP TABLE course_attendances;
DROP TABLE course_enrolments;
DROP TYPE enrolment_status;
DROP TYPE enrolment_kind;
ALTER TABLE court_closures DROP COLUMN course_session_id;
DROP TABLE course_sessions;
DROP TABLE course_courts;
DROP TABLE courses;
DROP TABLE children;
