// A child's yearly statement of sport expenses (for the 19 % deduction), downloaded from their row in
// "I miei figli": one button for the year with payments, with a choice of year when there are several.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-transport';
import { downloadStatement, useStatementYears } from '../api/children';

export function ChildStatement({ childId, enrolled }: { childId: number; enrolled: boolean }) {
  const { t } = useLingui();
  const years = useStatementYears(childId, enrolled);
  const [picked, setPicked] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!years.data || years.data.length === 0) return null;
  const year = picked ?? String(years.data[0]);

  const download = async () => {
    setFailure(null);
    setDownloading(true);
    try {
      await downloadStatement(childId, Number(year));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : t`Non è stato possibile scaricare la dichiarazione. Riprova più tardi.`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-2">
      {years.data.length > 1 && (
        <Select label={t`Anno`} className="w-28" value={year} options={years.data.map((option) => ({ value: String(option), label: String(option) }))} onValueChange={setPicked} />
      )}
      <Button size="sm" variant="secondary" loading={downloading} loadingText={t`Scaricamento...`} onClick={() => void download()}>
        <Trans>Dichiarazione annuale {year}</Trans>
      </Button>
      {failure && <p role="alert" className="text-sm text-red-700">{failure}</p>}
    </div>
  );
}
