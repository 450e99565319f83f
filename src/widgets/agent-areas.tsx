import { useQuery } from '@tanstack/react-query';

import { exclusionsQueryOptions } from '../api/agent-lifecycle.ts';
import { coverageQueryOptions } from '../api/staff-agents.ts';
import type { CoverageArea } from '../contract/agents.ts';
import { QueryFailure } from '../ui/query-failure.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import * as styles from '../ui/staff.css.ts';
import { useZipPlaces } from './zip-field.tsx';

/** A coverage area as it is shown: its ZIP, or its city and state. */
export const areaLabel = (a: Pick<CoverageArea, 'zip' | 'city' | 'state'>): string =>
  a.zip ?? [a.city, a.state].filter(Boolean).join(', ');

/**
 * Where the agent takes referrals, read only: coverage areas and excluded ZIP codes (GET .../coverageAreas
 * and .../excludedAreas admit the agent's brokerage admins; only staff may change them, on the staff agent page).
 */
export function AgentAreasReadOnly({ id }: { id: number }) {
  const coverage = useQuery(coverageQueryOptions(id));
  const excluded = useQuery(exclusionsQueryOptions(id));
  const placeOf = useZipPlaces(
    [...(coverage.data ?? []), ...(excluded.data ?? [])].flatMap((a) => (a.zip ? [a.zip] : [])),
  );
  const place = (zip: string | null) =>
    zip && placeOf(zip) ? <span className={styles.meta}> ({placeOf(zip)})</span> : null;
  return (
    <div className={styles.stack}>
      <section aria-labelledby={`coverage-${id}`} className={styles.stack}>
        <h3 id={`coverage-${id}`} className={styles.subheading}>
          Coverage Areas
        </h3>
        {coverage.isError ? (
          <QueryFailure thing="Coverage areas" retry={coverage.refetch} />
        ) : !coverage.data ? (
          <Skeleton label="Loading coverage areas" shape="list" />
        ) : coverage.data.length === 0 ? (
          <p className={styles.meta}>This agent has no coverage areas.</p>
        ) : (
          <ul className={styles.chips} aria-label="Coverage areas">
            {coverage.data.map((a) => (
              <li key={a.id}>
                {areaLabel(a)}
                {place(a.zip)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`excluded-${id}`} className={styles.stack}>
        <h3 id={`excluded-${id}`} className={styles.subheading}>
          Excluded Areas
        </h3>
        {excluded.isError ? (
          <QueryFailure thing="Excluded areas" retry={excluded.refetch} />
        ) : !excluded.data ? (
          <Skeleton label="Loading excluded areas" shape="list" />
        ) : excluded.data.length === 0 ? (
          <p className={styles.meta}>This agent excludes no ZIP codes.</p>
        ) : (
          <ul className={styles.chips} aria-label="Excluded areas">
            {excluded.data.map((a) => (
              <li key={a.id}>
                {a.zip}
                {place(a.zip)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className={styles.meta}>Staff set an agent’s coverage and excluded areas: ask support to change them.</p>
    </div>
  );
}
