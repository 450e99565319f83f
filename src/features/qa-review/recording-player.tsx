import { useEffect, useState } from 'react';

import { recordingAudio } from '../../api/qa-review.ts';
import type { Recording } from '../../contract/qa-review.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import { durationText } from './qa-format.ts';

/** A call recording: its duration and the browser's player, fed from an object URL of the audio (the API needs the bearer token). */
export function RecordingPlayer({ recording, label }: { recording: Recording; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let made: string | null = null;
    recordingAudio(recording.id)
      .then((blob) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [recording.id]);
  return (
    <div>
      <p className={styles.meta}>Recording, {durationText(recording.durationSeconds)}</p>
      {failed ? (
        <QueryFailure thing="The recording" />
      ) : url ? (
        <audio controls preload="metadata" src={url} aria-label={label} />
      ) : (
        <p className={styles.meta}>Loading the recording…</p>
      )}
    </div>
  );
}
