// The home page's two reads. They go without TanStack Query, whose 10 KB would push the page past
// its JavaScript budget: each visit reads afresh (so later edits in the back-office show at once)
// and "Riprova" reads again.
import { useEffect, useState } from 'react';
import { routes } from 'virtual:contracts-data';
import { getPublic } from './public-api';

interface Read<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

function useRead<T>(read: () => Promise<T>): Read<T> {
  const [attempt, setAttempt] = useState(0);
  // The outcome of the latest attempt only; an older one that settles late is ignored.
  const [settled, setSettled] = useState<{ attempt: number; data?: T; failed?: boolean }>({ attempt: -1 });
  useEffect(() => {
    let latest = true;
    read().then(
      (data) => {
        if (latest) setSettled({ attempt, data });
      },
      () => {
        if (latest) setSettled({ attempt, failed: true });
      },
    );
    return () => {
      latest = false;
    };
  }, [read, attempt]);
  const done = settled.attempt === attempt;
  return { data: done ? settled.data : undefined, isPending: !done, isError: done && Boolean(settled.failed), refetch: () => setAttempt((count) => count + 1) };
}

const readPrices = () => getPublic(routes.prices.current);
const readCourts = async () => (await getPublic(routes.courts.list)).data;
const readCarnets = async () => (await getPublic(routes.carnets.onSale)).data;

export const usePriceList = () => useRead(readPrices);
export const useCourts = () => useRead(readCourts);
export const usePublicCarnets = () => useRead(readCarnets);
