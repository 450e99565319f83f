import { useQuery } from '@tanstack/react-query';

import { coverageAreasQueryOptions } from '../../api/agent-app.ts';
import { boostQueryOptions } from '../../api/agents.ts';
import { rateText } from '../../lib/format.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { SavedData } from '../../widgets/saved-data.tsx';
import * as styles from './agent-app.css.ts';
import { AgentNotices } from './agent-notices.tsx';
import { InstallApp } from './install-app.tsx';
import { NoticeChannels } from './notice-channels.tsx';
import { PushSwitch } from './push-switch.tsx';

/**
 * The agent's profile: name, phone, email, coverage areas and Broker Boost status. The brokerage's
 * name is not shown: GET /agents-api/brokerages/:id does not admit agents.
 */
export function ProfileScreen() {
  const { user, agent } = useStore(profileStore);
  const agentId = agent?.id ?? user?.agentId ?? null;
  const boost = useQuery(boostQueryOptions());
  const areas = useQuery({ ...coverageAreasQueryOptions(agentId ?? 0), enabled: agentId !== null });
  const name = agent?.name.display ?? ([user?.firstName, user?.lastName].filter(Boolean).join(' ') || 'Not Available');
  const phone = agent?.phone ?? user?.phone ?? null;
  const email = agent?.email ?? user?.email ?? null;

  return (
    <div className={styles.page}>
      <AgentNotices />
      <section className={styles.section} aria-labelledby="profile-name">
        <h2 id="profile-name" className={styles.heading}>
          {name}
        </h2>
        <dl className={styles.dl}>
          <dt className={styles.dt}>Phone</dt>
          <dd className={styles.dd}>
            {phone ? (
              <a href={`tel:${phone}`} className={styles.link}>
                {formatPhone(phone)}
              </a>
            ) : (
              'Not Available'
            )}
          </dd>
          <dt className={styles.dt}>Email</dt>
          <dd className={styles.dd}>
            {email ? (
              <a href={`mailto:${email}`} className={styles.link}>
                {withBreakPoints(email)}
              </a>
            ) : (
              'Not Available'
            )}
          </dd>
          <dt className={styles.dt}>Broker Boost</dt>
          <dd className={styles.dd}>
            {boost.data ? (boost.data.enabled ? `On, ${rateText(boost.data.boostPercentage)}` : 'Off') : '-'}
          </dd>
        </dl>
      </section>
      <section className={styles.section} aria-labelledby="coverage-areas">
        <h2 id="coverage-areas" className={styles.sectionTitle}>
          Coverage areas
        </h2>
        {areas.data && areas.data.length === 0 && <p className={styles.muted}>No coverage areas yet.</p>}
        {areas.isError && !areas.data && <QueryFailure thing="The coverage areas" retry={areas.refetch} />}
        {areas.data && areas.data.length > 0 && (
          <ul className={styles.list} aria-label="Coverage areas">
            {areas.data.map((a) => (
              <li key={a.id} className={styles.historyItem}>
                {[a.city, a.state, a.zip].filter(Boolean).join(', ') || 'Not Available'}
              </li>
            ))}
          </ul>
        )}
      </section>
      <PushSwitch />
      <NoticeChannels />
      <div className={styles.section}>
        <SavedData />
      </div>
      <InstallApp />
    </div>
  );
}
