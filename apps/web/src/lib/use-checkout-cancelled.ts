// Stripe's "Annulla" brings the member back to the page they paid from with ?pagamento=annullato (a
// booking's payment page, /profilo for a top-up, /tesseramento for a card). The page says so once: the
// parameter is read on arrival and then dropped from the address, so a reload or a shared link does not
// say it again.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const CHECKOUT_CANCELLED_PARAM = 'pagamento';
const CHECKOUT_CANCELLED_VALUE = 'annullato';

/** Whether the page was opened on the way back from a cancelled checkout (true for as long as it stays open). */
export function useCheckoutCancelled(): boolean {
  const [params, setParams] = useSearchParams();
  const present = params.get(CHECKOUT_CANCELLED_PARAM) === CHECKOUT_CANCELLED_VALUE;
  const [cancelled] = useState(present);
  useEffect(() => {
    if (!present) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_CANCELLED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [present, setParams]);
  return cancelled;
}
