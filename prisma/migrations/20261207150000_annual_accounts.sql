-- migrate:up
-- The annual accounts (docs/annual-accounts.md#the-annual-accounts): the association's financial year starts
-- in a month the admin sets (January unless said otherwise); each kind of ledger account (an expense account
-- also by its category, what members and non-members pay apart) is mapped to a line of the cash-based
-- statement (Mod. D) and of the accrual statement (Mod. B). The defaults below; the admin and the accountant
-- adjust them.
ALTER TABLE settings ADD COLUMN financial_year_start_month smallint NOT NULL DEFAULT 1
  CONSTRAINT settings_financial_year_start_month CHECK (financial_year_start_month BETWEEN 1 AND 12);

CREATE TABLE annual_account_mappings (
  id serial PRIMARY KEY,
  account_kind ledger_account_kind NOT NULL,
  -- An expense account's category (the part after "expenses:" of its key); null: every account of the kind.
  category varchar(30),
  -- Whose money: the entry's member holding a card that day ('member'), anyone else ('non_member'); null: both.
  payer varchar(10) CHECK (payer IN ('member', 'non_member')),
  -- The line of Mod. D (cash) and of Mod. B (accrual) its money goes to; null: none (unclassified if it moves).
  cash_line varchar(8),
  accrual_line varchar(8),
  -- Income of a commercial nature (art. 148 TUIR): from non-members, sponsors.
  commercial boolean NOT NULL DEFAULT false,
  updated_at timestamptz(3) NOT NULL DEFAULT now()
);
-- One row per kind, category and payer: a null (any) equals a null.
CREATE UNIQUE INDEX annual_account_mappings_account_key ON annual_account_mappings (account_kind, category, payer) NULLS NOT DISTINCT;

INSERT INTO annual_account_mappings (account_kind, category, payer, cash_line, accrual_line, commercial) VALUES
  ('membership_receivable', NULL, NULL, 'A.E1', NULL, false),
  ('revenue_membership', NULL, NULL, 'A.E1', 'A.R1', false),
  ('booking_receivable', NULL, 'member', 'A.E3', NULL, false),
  ('booking_receivable', NULL, 'non_member', 'B.E3', NULL, true),
  ('share_receivable', NULL, 'member', 'A.E3', NULL, false),
  ('share_receivable', NULL, 'non_member', 'B.E3', NULL, true),
  ('revenue_booking', NULL, 'member', 'A.E3', 'A.R3', false),
  ('revenue_booking', NULL, 'non_member', 'B.E3', 'B.R3', true),
  ('enrolment_receivable', NULL, 'member', 'A.E3', NULL, false),
  ('enrolment_receivable', NULL, 'non_member', 'B.E3', NULL, true),
  ('revenue_school', NULL, 'member', 'A.E3', 'A.R3', false),
  ('revenue_school', NULL, 'non_member', 'B.E3', 'B.R3', true),
  ('tournament_receivable', NULL, NULL, 'A.E10', NULL, false),
  ('revenue_extra', NULL, NULL, 'A.E10', 'A.R10', false),
  ('member_debt', NULL, 'member', 'A.E3', NULL, false),
  ('member_debt', NULL, 'non_member', 'B.E3', NULL, true),
  ('credit_funded', NULL, 'member', 'A.E3', NULL, false),
  ('credit_funded', NULL, 'non_member', 'B.E3', NULL, true),
  ('credit_promo', NULL, NULL, 'A.E3', NULL, false),
  ('carnet', NULL, 'member', 'A.E3', NULL, false),
  ('carnet', NULL, 'non_member', 'B.E3', NULL, true),
  ('refund_payable', NULL, 'member', 'A.E3', NULL, false),
  ('refund_payable', NULL, 'non_member', 'B.E3', NULL, true),
  ('adjustments', NULL, NULL, 'A.E10', NULL, false),
  ('expenses', NULL, NULL, 'A.U5', 'A.C7', false),
  ('expenses', 'supplies', NULL, 'A.U1', 'A.C1', false),
  ('expenses', 'rent', NULL, 'A.U3', 'A.C3', false),
  ('expenses', 'fees_to_people', NULL, 'A.U4', 'A.C4', false),
  ('expenses', 'other_expense', NULL, 'A.U5', 'A.C7', false),
  ('expenses', 'utilities', NULL, 'E.U2', 'E.C2', false),
  ('expenses', 'bank_fees', NULL, 'D.U1', 'D.C1', false),
  ('expenses', 'taxes', NULL, 'IMP', 'IMP', false);

-- migrate:down
DROP TABLE annual_account_mappings;
ALTER TABLE settings DROP COLUMN financial_year_start_month;
