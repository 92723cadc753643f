-- migrate:up
-- Sponsors and investments in the annual accounts (docs/annual-accounts.md#the-mapping): the bank's categories
-- for a sponsor's payment, equipment bought and equipment sold have ledger accounts of their own
-- (`revenue:extra:sponsors`, `expenses:equipment`, `revenue:extra:equipment_sale`), mapped here. A sponsor buys
-- advertising: commercial income of "other activities" (art. 148 TUIR). Equipment bought is an investment in
-- Mod. D and, in Mod. B, written off in the year it is bought; equipment sold is a disinvestment.
INSERT INTO annual_account_mappings (account_kind, category, payer, cash_line, accrual_line, commercial) VALUES
  ('revenue_extra', 'sponsors', NULL, 'B.E3', 'B.R3', true),
  ('revenue_extra', 'equipment_sale', NULL, 'I.E1', 'A.R10', false),
  ('expenses', 'equipment', NULL, 'I.U1', 'A.C5', false);

-- migrate:down
DELETE FROM annual_account_mappings WHERE (account_kind, category) IN (('revenue_extra', 'sponsors'), ('revenue_extra', 'equipment_sale'), ('expenses', 'equipment'));
