import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  messagePreferenceKeys,
  messagePreferencesQueryOptions,
  saveMessagePreferencesWrite,
} from '../../api/message-preferences.ts';
import { serverMessage } from '../../api/staff.ts';
import { useWrite } from '../../api/write.ts';
import {
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type AgentMessagePreferences,
  type NoticeChannel,
  type NoticeKind,
} from '../../contract/agent-message-preferences.ts';
import { enumLabel } from '../../contract/labels.ts';
import * as choice from '../../ui/choice.css.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Switch } from '../../ui/switch.tsx';
import * as styles from './agent-app.css.ts';

/**
 * How the agent hears of a new referral (assigned, reassigned or force-assigned) and of a broker's
 * reminder: push, text and email, each saved as it is ticked. A reply STOP to our texts ends texts
 * whatever is ticked here.
 */
export function NoticeChannels() {
  const prefs = useQuery(messagePreferencesQueryOptions());
  const queryClient = useQueryClient();
  const save = useWrite(saveMessagePreferencesWrite);
  const [status, setStatus] = useState('');

  const change = async (kind: NoticeKind, channel: NoticeChannel, on: boolean) => {
    const current = queryClient.getQueryData<AgentMessagePreferences>(messagePreferenceKeys.all);
    if (!current) return;
    const chosen = on ? [...current[kind], channel] : current[kind].filter((c) => c !== channel);
    const next: AgentMessagePreferences = { ...current, [kind]: NOTICE_CHANNELS.filter((c) => chosen.includes(c)) };
    setStatus('Saving…');
    try {
      await save.mutateAsync(next);
      setStatus('Saved.');
    } catch (err) {
      setStatus(serverMessage(err));
    }
  };

  return (
    <section className={styles.section} aria-labelledby="notice-channels">
      <h2 id="notice-channels" className={styles.sectionTitle}>
        Notify me of
      </h2>
      {prefs.isError && !prefs.data && <QueryFailure thing="Your notification choices" retry={prefs.refetch} />}
      {prefs.data &&
        NOTICE_KINDS.map((kind) => (
          <fieldset key={kind} className={choice.fieldset}>
            <legend className={choice.legend}>{enumLabel('noticeKind', kind)}</legend>
            {NOTICE_CHANNELS.map((channel) => (
              <Switch
                key={channel}
                label={enumLabel('noticeChannel', channel)}
                checked={prefs.data[kind].includes(channel)}
                onCheckedChange={(on) => {
                  void change(kind, channel, on);
                }}
              />
            ))}
          </fieldset>
        ))}
      <p role="status" className={styles.muted}>
        {status}
      </p>
    </section>
  );
}
