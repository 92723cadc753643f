-- migrate:up

-- The sibling discount an enrolment got (docs/school.md#camps): a member pays such an enrolment only once a
-- sibling's place in the same course is confirmed, so a discount cannot outlive the sibling it relied on.
ALTER TABLE course_enrolments ADD COLUMN sibling_discount_cents integer NOT NULL DEFAULT 0 CHECK (sibling_discount_cents >= 0);

-- migrate:down

ALTER TABLE course_enrolments DROP COLUMN sibling_discount_cents;
