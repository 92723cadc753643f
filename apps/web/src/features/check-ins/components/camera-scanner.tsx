// The desk's camera reading QR codes with jsQR (loaded only with this component, never on the public
// pages). Not ZXing, used before: of 300 random card addresses drawn as perfect QR pictures it missed 26,
// jsQR none. Permission is asked once: the camera starts by itself when the browser already allows it,
// otherwise on "Attiva la fotocamera"; a refusal is remembered by the browser and explained here, with
// the typed card number as the way on. The stream stays open while the screen is, so no second prompt.
import Camera from 'lucide-react/icons/camera';
import jsQR from 'jsqr';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

type CameraState = 'checking' | 'idle' | 'starting' | 'scanning' | 'denied' | 'missing' | 'busy' | 'unsupported';

const CAMERA_MESSAGES: Partial<Record<CameraState, { title: string; text: string }>> = {
  denied: {
    title: 'Accesso alla fotocamera negato',
    text: 'Per leggere i QR consenti la fotocamera a questo sito nelle impostazioni del browser, poi ricarica la pagina. Intanto scrivi il numero della tessera qui sotto.',
  },
  missing: { title: 'Nessuna fotocamera trovata', text: 'Questo dispositivo non ha una fotocamera disponibile: scrivi il numero della tessera qui sotto.' },
  busy: { title: 'Fotocamera occupata', text: 'La fotocamera è usata da un’altra app: chiudila e riprova, oppure scrivi il numero della tessera.' },
  unsupported: {
    title: 'Fotocamera non disponibile',
    text: 'Questo browser non può usare la fotocamera su questa pagina (serve una connessione sicura https): scrivi il numero della tessera qui sotto.',
  },
};

/**
 * A card held in front of the camera is read several times a second: the same code seen again within
 * this gap is the same showing, read once. Taken away and shown again, it is read anew.
 */
const SAME_SHOWING_GAP_MS = 1_500;
/** A frame is looked at five times a second: a card held up is read at once, without keeping a core busy. */
const LOOK_EVERY_MS = 200;

const stateOfError = (error: unknown): CameraState => {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'missing';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'missing';
};

export default function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<{ stop(): void } | null>(null);
  /**
   * Which mount of the screen is live: a start belongs to the mount it began in and gives up when that
   * mount ends. (StrictMode mounts twice in development: two starts on one <video> would interrupt each
   * other's play() and leave the reader waiting for good.)
   */
  const mount = useRef({ live: false });
  const last = useRef<{ text: string; at: number } | null>(null);
  const onCodeRef = useRef(onCode);
  const [state, setState] = useState<CameraState>('checking');

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  const readCode = useCallback((text: string) => {
    const now = Date.now();
    const sameShowing = last.current?.text === text && now - last.current.at < SAME_SHOWING_GAP_MS;
    last.current = { text, at: now };
    if (!sameShowing) onCodeRef.current(text);
  }, []);

  const start = useCallback(async () => {
    const startedIn = mount.current;
    const isCurrent = () => startedIn.live;
    if (!navigator.mediaDevices?.getUserMedia) return setState('unsupported');
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: 'environment' } });
      const preview = video.current!;
      let nextLook: number | undefined;
      const stop = () => {
        window.clearTimeout(nextLook);
        stream.getTracks().forEach((track) => track.stop());
        preview.srcObject = null;
      };
      if (!isCurrent()) return stop();
      preview.srcObject = stream;
      await preview.play().catch((error: unknown) => {
        stop();
        throw error;
      });
      if (!isCurrent()) return stop();

      const canvas = document.createElement('canvas');
      const frame = canvas.getContext('2d', { willReadFrequently: true })!;
      const look = () => {
        const { videoWidth: width, videoHeight: height } = preview;
        if (width && height) {
          // The picture's size can change (another camera, the phone turned): the canvas follows it.
          if (canvas.width !== width || canvas.height !== height) Object.assign(canvas, { width, height });
          frame.drawImage(preview, 0, 0, width, height);
          const code = jsQR(frame.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: 'dontInvert' });
          if (code) readCode(code.data);
        }
        nextLook = window.setTimeout(look, LOOK_EVERY_MS);
      };
      look();
      controls.current = { stop };
      setState('scanning');
    } catch (error) {
      if (isCurrent()) setState(stateOfError(error));
    }
  }, [readCode]);

  useEffect(() => {
    const thisMount = { live: true };
    mount.current = thisMount;
    const isCurrent = () => thisMount.live;
    // The Permissions API tells, without prompting, whether the browser already allows or refuses the camera.
    const permissions = navigator.permissions?.query({ name: 'camera' as PermissionName });
    void (permissions ?? Promise.reject(new Error('no Permissions API'))).then(
      (status) => {
        if (!isCurrent()) return;
        if (status.state === 'granted') void start();
        else setState(status.state === 'denied' ? 'denied' : 'idle');
      },
      () => isCurrent() && setState('idle'),
    );
    return () => {
      thisMount.live = false;
      controls.current?.stop();
      controls.current = null;
    };
  }, [start]);

  const message = CAMERA_MESSAGES[state];
  const live = state === 'starting' || state === 'scanning';
  return (
    <div className="space-y-3">
      <div className={live ? 'relative overflow-hidden rounded-xl bg-slate-900' : 'hidden'}>
        {/* The preview only aims the card: what it reads is announced in the answer beside it. */}
        <video ref={video} muted playsInline aria-label="Inquadratura della fotocamera" className="aspect-[4/3] w-full object-cover" />
        <p className="absolute inset-x-0 bottom-0 bg-slate-900/70 px-3 py-2 text-center text-sm font-medium text-white" role="status">
          {state === 'scanning' ? 'Inquadra il QR della tessera' : 'Avvio della fotocamera...'}
        </p>
      </div>
      {state === 'idle' && (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <Camera aria-hidden="true" className="h-10 w-10 text-sea-700" />
          <p className="text-slate-700">Il browser chiederà il permesso una sola volta.</p>
          <Button onClick={() => void start()}>Attiva la fotocamera</Button>
        </div>
      )}
      {message && (
        <Alert tone="warning" title={message.title} action={state === 'busy' ? <Button variant="secondary" size="sm" onClick={() => void start()}>Riprova</Button> : undefined}>
          {message.text}
        </Alert>
      )}
    </div>
  );
}
