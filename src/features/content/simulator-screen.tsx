import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { contentMatchQueryOptions, usagesQueryOptions, type MatchParams } from '../../api/assignments-content.ts';
import { serverMessage } from '../../api/staff.ts';
import { codeLabel, enumLabel } from '../../contract/labels.ts';
import { ATTRIBUTE_LABELS } from '../../lib/content-match.ts';
import { US_STATES_AND_TERRITORIES } from '../../lib/us-states.ts';
import { SelectField } from '../../ui/choice.tsx';
import { Card, Page, Spinner } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import * as styles from '../../ui/staff.css.ts';
import * as css from './content.css.ts';

const ATTRS: {
  key: keyof Omit<MatchParams, 'usage'>;
  label: string;
  options: readonly { value: string; label: string }[];
}[] = [
  {
    key: 'product',
    label: 'Product',
    options: [
      { value: 'PORCHLIGHT', label: 'Porchlight' },
      { value: 'LEAD_GENIUS', label: 'Lead Genius' },
    ],
  },
  {
    key: 'leadType',
    label: 'Lead type',
    options: [
      { value: 'NEW', label: 'New' },
      { value: 'AGED', label: 'Aged' },
    ],
  },
  {
    key: 'clientType',
    label: 'Client type',
    options: [
      { value: 'BUYER', label: 'Buyer' },
      { value: 'SELLER', label: 'Seller' },
    ],
  },
  {
    key: 'state',
    label: 'State',
    options: US_STATES_AND_TERRITORIES.filter((s) => !s.territory).map((s) => ({ value: s.code, label: s.name })),
  },
];

/** Simulator: a usage and audience attributes in, the best-match item and every match out, each with its rule and rank. */
export function SimulatorScreen() {
  const [search, setSearch] = useSearchParams();
  const p: MatchParams = {
    usage: search.get('usage') ?? '',
    product: search.get('product') ?? '',
    leadType: search.get('leadType') ?? '',
    clientType: search.get('clientType') ?? '',
    state: search.get('state') ?? '',
  };
  const usages = useQuery(usagesQueryOptions());
  const result = useQuery({ ...contentMatchQueryOptions(p), enabled: p.usage !== '' });
  const set = (key: keyof MatchParams, value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const r = result.data;
  return (
    <Page title="Simulator">
      <div className={styles.stack}>
        <Card aria-labelledby="sim-heading">
          <h2 id="sim-heading" className={styles.subheading}>
            Usage and audience
          </h2>
          <div className={styles.toolbar}>
            <SelectField label="Usage" value={p.usage} onChange={(e) => set('usage', e.target.value)}>
              <option value="">Choose a usage</option>
              {(usages.data?.content ?? []).map((u) => (
                <option key={u.id} value={u.name}>
                  {codeLabel(u.name)} ({enumLabel('usageType', u.usageType)})
                </option>
              ))}
            </SelectField>
            {ATTRS.map((a) => (
              <SelectField key={a.key} label={a.label} value={p[a.key]} onChange={(e) => set(a.key, e.target.value)}>
                <option value="">Any</option>
                {a.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          {usages.isError && <QueryFailure thing="The usages" retry={usages.refetch} />}
        </Card>
        {p.usage === '' && (
          <Card>
            <p>Choose a usage to see which content item it sends.</p>
          </Card>
        )}
        {p.usage !== '' && result.isPending && <Spinner label="Matching" />}
        {result.isError && (
          <Card>
            <p role="alert" className={styles.formError}>
              {serverMessage(result.error)}
            </p>
          </Card>
        )}
        {r && (
          <Card aria-labelledby="best-heading">
            <h2 id="best-heading" className={styles.subheading}>
              Best match
            </h2>
            {r.best ? (
              <div className={css.best} data-testid="best-match">
                <p>
                  <strong>
                    <Link href={pathTo('content-edit', { id: r.best.itemId })}>{r.best.name}</Link>
                  </strong>{' '}
                  (version {r.best.version})
                </p>
                <p>Rule: {r.best.rule}</p>
                <p>Why it wins: {r.why}</p>
              </div>
            ) : (
              <p>{r.why}</p>
            )}
          </Card>
        )}
        {r && r.matches.length > 0 && (
          <Card aria-labelledby="all-heading">
            <h2 id="all-heading" className={styles.subheading}>
              Every match ({r.matches.length})
            </h2>
            <ol className={styles.list} aria-label="Every match">
              {r.matches.map((m) => (
                <li key={m.itemId} className={m.best ? css.best : css.match}>
                  <strong>
                    {m.rank}. <Link href={pathTo('content-edit', { id: m.itemId })}>{m.name}</Link>
                  </strong>
                  <div>Rule: {m.rule}</div>
                  <div className={styles.meta}>
                    Specificity {m.specificity}
                    {m.matchedOn.length > 0 ? ` (${m.matchedOn.map((k) => ATTRIBUTE_LABELS[k]).join(', ')})` : ''} ·
                    priority {m.priority}
                  </div>
                  <div>{m.reason}</div>
                </li>
              ))}
            </ol>
          </Card>
        )}
      </div>
    </Page>
  );
}
