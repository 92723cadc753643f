-- migrate:up

-- The under-minimum check of a course or camp week (docs/school.md#minimum) is made once: a course that had
-- its minimum on its check day is marked, so the daily job neither reads it again nor cancels it later when
-- someone leaves. A course under its minimum is cancelled instead (cancelled_at).
ALTER TABLE courses ADD COLUMN minimum_checked_at timestamptz(3);

-- migrate:down

ALTER TABLE courses DROP COLUMN minimum_checked_at;
