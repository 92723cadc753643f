import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';

/** The card's QR code (it opens the public verification page), drawn in the browser as an SVG image. */
export function MembershipQr({ url, membershipNumber }: { url: string; membershipNumber: string }) {
  const { t } = useLingui();
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    // Loaded only when an active card is on screen.
    void import('qrcode')
      .then((QRCode) => QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => current && setImage({ url, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }));
    return () => {
      current = false;
    };
  }, [url]);

  if (image?.url !== url) return <div aria-hidden="true" className="h-44 w-44 animate-pulse rounded-lg bg-slate-100" />;
  return <img src={image.src} alt={t`QR code della tessera ${membershipNumber}: mostralo all'ingresso per la verifica`} width={176} height={176} className="h-44 w-44 rounded-lg bg-white p-2 ring-1 ring-slate-200" />;
}
