// The treasurer's steps on /admin/banca that the bank's browser journeys share (docs/annual-accounts.md#matching):
// a statement of two transfers the import proposes and one bank fee, imported through the page, both proposals
// confirmed and the fee assigned, until the page says the books agree with the statement.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export async function importConfirmAndAssignFee(page: Page, statement: string, { imported }: { imported?: () => Promise<void> } = {}) {
  await page.getByLabel('File dell’estratto conto (CAMT.053 XML o CSV)').setInputFiles({ name: 'estratto.xml', mimeType: 'application/xml', buffer: Buffer.from(statement) });
  await page.getByRole('button', { name: 'Importa', exact: true }).click();
  await page.getByText('Importati 3 movimenti nuovi: 0 abbinati, 2 da confermare.').waitFor();
  const confirmButtons = page.getByRole('button', { name: 'Conferma abbinamento' });
  await expect.poll(() => confirmButtons.count()).toBe(2);
  await imported?.();
  await confirmButtons.first().click();
  await expect.poll(() => confirmButtons.count()).toBe(1);
  await confirmButtons.first().click();
  await expect.poll(() => confirmButtons.count()).toBe(0);
  await page.getByLabel('Categoria del movimento COMMISSIONI BONIFICI').selectOption({ label: 'Commissioni bancarie' });
  await page.getByRole('button', { name: 'Assegna' }).click();
  await page.getByText('Il registro corrisponde all’estratto conto.').waitFor();
}
