import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/translator';
import { Button } from '../../ui/button/button';
import { createFrameDecoder } from './frame-decoder';
import styles from './verification.module.css';

type ScanState = 'starting' | 'scanning' | 'denied' | 'unavailable' | 'unsupported';

/** How often a frame is read (a phone stays responsive; a code is found within a fraction of a second). */
const FRAME_INTERVAL_MS = 200;

/**
 * The camera QR scanner. Loaded (with its decoder) only when someone presses "Scan"; the page
 * works without it. Uses the back camera when there is one; stops the camera as soon as a code
 * is read, on "Stop scanning", and when it goes away.
 */
export function QrScanner({
  onResult,
  onCancel,
}: {
  onResult: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('verification');
  const video = useRef<HTMLVideoElement>(null);
  // The "Scan QR code" button that opened it is gone: the scanner takes the focus (and is read out).
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.focus(), []);
  const [state, setState] = useState<ScanState>('starting');
  const done = useRef(onResult);
  done.current = onResult;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unsupported');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        const name = (error as { name?: string }).name;
        setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped || !video.current) {
        stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const decode = await createFrameDecoder();
      setState('scanning');
      const tick = async () => {
        if (stopped || !video.current) return;
        const text = await decode(video.current).catch(() => undefined);
        if (text && !stopped) {
          stop();
          done.current(text);
          return;
        }
        timer = setTimeout(tick, FRAME_INTERVAL_MS);
      };
      void tick();
    })();
    return stop;
  }, []);

  const message = t(`scanner.${state}`);
  const failed = state === 'denied' || state === 'unavailable' || state === 'unsupported';
  return (
    <section ref={region} tabIndex={-1} className={styles.scanner} aria-label={t('scanner.region')}>
      {failed ? null : (
        <video ref={video} className={styles.video} muted playsInline aria-label={t('scanner.preview')} />
      )}
      <p role={failed ? 'alert' : 'status'}>{message}</p>
      <Button variant="secondary" onClick={onCancel}>
        {t('scanner.stop')}
      </Button>
    </section>
  );
}
