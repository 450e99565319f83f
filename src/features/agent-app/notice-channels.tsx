import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messagePreferenceKeys, messagePreferencesQueryOptions, saveMessagePreferences } from '../../api/message-preferences.ts';
import { serverMessage } from '../../api/staff.ts';
import { NOTICE_CHANNELS, NOTICE_KINDS, type AgentMessagePreferences, type NoticeChannel, type NoticeKind } from '../../contract/agent-message-preferences.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { CheckboxGroup } from '../../ui/checkbox-group.tsx';
import * as styles from './agent-app.css.ts';

/**
 * How the agent hears of a new referral (assigned, reassigned or force-assigned) and of a broker's
 * reminder: push, text and email, each saved as it is ticked. A reply STOP to our texts ends texts
 * whatever is ticked here.
 */
export function NoticeChannels() {
  const prefs = useQuery(messagePreferencesQueryOptions());
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');

  const change = async (kind: NoticeKind, channels: string[]) => {
    if (!prefs.data) return;
    const next: AgentMessagePreferences = { ...prefs.data, [kind]: NOTICE_CHANNELS.filter((c) => channels.includes(c)) as NoticeChannel[] };
    queryClient.setQueryData(messagePreferenceKeys.all, next);
    setStatus('Saving…');
    try {
      queryClient.setQueryData(messagePreferenceKeys.all, await saveMessagePreferences(next));
      setStatus('Saved.');
    } catch (err) {
      setStatus(serverMessage(err));
      await queryClient.invalidateQueries({ queryKey: messagePreferenceKeys.all });
    }
  };

  return (
    <section className={styles.section} aria-labelledby="notice-channels">
      <h2 id="notice-channels" className={styles.sectionTitle}>Notify me of</h2>
      {prefs.isError && !prefs.data && <p className={styles.muted}>Your notification choices could not be loaded.</p>}
      {prefs.data && NOTICE_KINDS.map((kind) => (
        <CheckboxGroup key={kind} legend={enumLabel('noticeKind', kind)} options={enumOptions('noticeChannel', NOTICE_CHANNELS)}
          value={prefs.data[kind]} onChange={(channels) => { void change(kind, channels); }} />
      ))}
      <p role="status" className={styles.muted}>{status}</p>
    </section>
  );
}
