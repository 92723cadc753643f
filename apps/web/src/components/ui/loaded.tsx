// A read's three states on screen: a spinner while it loads, its failure with "Riprova", then what it read.
import { Trans } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A failed read's message, with "Riprova" to read again. */
export function RetryAlert({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <Alert tone="error" action={<Button variant="secondary" size="sm" onClick={onRetry}><Trans>Riprova</Trans></Button>}>
      {children}
    </Alert>
  );
}

/** A spinner while `read` loads, `failed` with "Riprova" when it failed, else `children` of what it read. */
export function Loaded<Data>({ read, failed, children }: { read: UseQueryResult<Data>; failed: ReactNode; children: (data: Data) => ReactNode }) {
  if (read.isPending) return <Spinner />;
  if (read.isError) return <RetryAlert onRetry={() => void read.refetch()}>{failed}</RetryAlert>;
  return children(read.data);
}
