-- migrate:up

-- A member's debt paid (docs/domain.md#credit, "Debt"): money handed over at the desk or paid online by
-- card is a payment of kind debt (its receipt follows), for the paying member, tied to nothing else; its
-- `debt_settled` entry takes the money off what the member owes, never below zero (the debt account's
-- CHECK). The new value is compared as text here: PostgreSQL refuses a value added in the same
-- transaction as a literal of its type.
ALTER TYPE transaction_kind ADD VALUE IF NOT EXISTS 'debt';

ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind = 'booking' AND membership_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text IN ('credit', 'carnet', 'debt') AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'enrolment' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NOT NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'tournament_fee' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NOT NULL)
);

-- migrate:down

ALTER TABLE transactions DROP CONSTRAINT transactions_target_matches_kind, ADD CONSTRAINT transactions_target_matches_kind CHECK (
  (kind = 'membership' AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind = 'booking' AND membership_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text IN ('credit', 'carnet') AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'booking_share' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'enrolment' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NOT NULL AND tournament_player_id IS NULL)
  OR (kind::text = 'tournament_fee' AND membership_id IS NULL AND booking_id IS NULL AND enrolment_id IS NULL AND tournament_player_id IS NOT NULL)
);
