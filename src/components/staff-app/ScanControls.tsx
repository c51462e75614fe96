import type { RefObject } from 'react';

import { feedback } from './feedback.client';
import styles from './staff-app.module.css';
import type { CameraState } from './use-camera.client';

/** The staff app's translator (boarding's or the door's), for the words both screens share. */
type ScanText = (
  key:
    'cameraUnavailable' | 'cameraStarting' | 'listUpdated' | 'noList' | 'codeLabel' | 'check' | 'scan' | 'stopCamera',
  vars?: Record<string, string | number>,
) => string;

/**
 * The lower half of a scanning screen (boarding and the partner's door): the camera's picture,
 * when the list was fetched, the typed-code form and the camera button. The actions stay at the
 * bottom of the screen, under the thumb, whatever is above them.
 */
export function ScanControls({
  inputId,
  t,
  fetchedAt,
  formats,
  videoRef,
  camera,
  onCamera,
  code,
  onCode,
  onSubmit,
  submitDisabled,
}: {
  inputId: string;
  t: ScanText;
  /** When the phone last fetched the list it answers from offline, if ever, and how to show it. */
  fetchedAt: string | null;
  formats: { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat };
  videoRef: RefObject<HTMLVideoElement | null>;
  camera: CameraState;
  /** Starts the camera, or stops it when it is on. */
  onCamera: () => void;
  code: string;
  onCode: (code: string) => void;
  /** The typed code, once the form is sent; the field is emptied for the next one. */
  onSubmit: (code: string) => void;
  submitDisabled: boolean;
}) {
  return (
    <>
      <div className={styles.camera} hidden={camera === 'off' || camera === 'unavailable'}>
        <video ref={videoRef} className={styles.video} muted playsInline />
      </div>
      {camera === 'unavailable' ? <p className={styles.note}>{t('cameraUnavailable')}</p> : null}
      {camera === 'starting' ? <p className={styles.note}>{t('cameraStarting')}</p> : null}

      <p className={styles.note} data-testid="refreshed">
        {fetchedAt
          ? t('listUpdated', {
              date: formats.day.format(new Date(fetchedAt)),
              time: formats.time.format(new Date(fetchedAt)),
            })
          : t('noList')}
      </p>

      <div className={styles.actions}>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            feedback('unlock');
            onSubmit(code);
            onCode('');
          }}
        >
          <label className={styles.label} htmlFor={inputId}>
            {t('codeLabel')}
          </label>
          <div className={styles.codeRow}>
            <input
              id={inputId}
              className={styles.input}
              value={code}
              onChange={(event) => onCode(event.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              autoCorrect="off"
              spellCheck={false}
              inputMode="text"
            />
            <button type="submit" className={styles.board} disabled={submitDisabled}>
              {t('check')}
            </button>
          </div>
        </form>
        <button type="button" className={styles.primary} onClick={onCamera}>
          {camera === 'on' ? t('stopCamera') : t('scan')}
        </button>
      </div>
    </>
  );
}
