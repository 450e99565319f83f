import { useQuery } from '@tanstack/react-query';

import { myAgentNamesQueryOptions } from '../../api/my-agents.ts';
import { FOLLOWUP_TYPES, REFERRAL_CATEGORIES } from '../../contract/broker-referrals.ts';
import { enumLabel, enumOptions } from '../../contract/labels.ts';
import { REFERRAL_STAGES, REFERRAL_TYPES, stageLabel } from '../../lib/referral-stages.ts';
import { SelectField } from '../../ui/choice.tsx';

/** The filters drawn here (URL parameters of My Referrals, beside the search box's `q`). */
export const REFERRAL_FILTER_KEYS = ['category', 'followupType', 's', 't', 'agentId', 'product'] as const;
export type ReferralFilter = Record<(typeof REFERRAL_FILTER_KEYS)[number], string>;

/** Every filter the overview links with, visible and changeable. */
export function ReferralFilters({
  filter,
  onChange,
}: {
  filter: ReferralFilter;
  onChange: (patch: Partial<ReferralFilter>) => void;
}) {
  const agents = useQuery(myAgentNamesQueryOptions());
  return (
    <>
      <SelectField label="Category" value={filter.category} onChange={(e) => onChange({ category: e.target.value })}>
        <option value="">{enumLabel('referralCategory', 'all')}</option>
        {enumOptions(
          'referralCategory',
          REFERRAL_CATEGORIES.filter((c) => c !== 'all'),
        ).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Follow-up"
        value={filter.followupType}
        onChange={(e) => onChange({ followupType: e.target.value })}
      >
        <option value="">Any</option>
        {enumOptions('followupType', FOLLOWUP_TYPES).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Stage" value={filter.s} onChange={(e) => onChange({ s: e.target.value })}>
        <option value="">Any stage</option>
        {REFERRAL_STAGES.map((s) => (
          <option key={s} value={s}>
            {stageLabel(s)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Type" value={filter.t} onChange={(e) => onChange({ t: e.target.value })}>
        <option value="">Any type</option>
        {enumOptions('referralType', REFERRAL_TYPES).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Agent" value={filter.agentId} onChange={(e) => onChange({ agentId: e.target.value })}>
        <option value="">All agents</option>
        {filter.agentId && !agents.data?.some((a) => String(a.id) === filter.agentId) && (
          <option value={filter.agentId}>Agent {filter.agentId}</option>
        )}
        {agents.data?.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Product" value={filter.product} onChange={(e) => onChange({ product: e.target.value })}>
        <option value="">All products</option>
        <option value="PORCHLIGHT">Porchlight Referrals</option>
        <option value="LEAD_GENIUS">IRIS</option>
      </SelectField>
    </>
  );
}

/** The funnel's meaning in words: with a type, a stage means "got at least this far". */
export function stageFilterText(f: ReferralFilter): string | undefined {
  if (!f.s) return undefined;
  if (!f.t) return f.s === 'CLOSED' ? 'Referrals closed or leased' : `Referrals in ${stageLabel(f.s)} now`;
  const who = `${enumLabel('referralType', f.t)} referrals`;
  if (f.s === 'LONG_TERM_HOLD' || f.s === 'REMOVED') return `${who} in ${stageLabel(f.s)}`;
  return f.s === 'AWAITING_FOLLOWUP'
    ? `Every ${who.toLowerCase()} received`
    : `${who} at ${stageLabel(f.s)} or further along`;
}
