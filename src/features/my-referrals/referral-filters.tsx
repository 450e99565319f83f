import { useQuery } from '@tanstack/react-query';
import { myAgentNamesQueryOptions } from '../../api/my-agents.ts';
import { REFERRAL_STAGES, REFERRAL_TYPES, stageLabel } from '../../lib/referral-stages.ts';

import { SelectField } from '../../ui/choice.tsx';
import { enumLabel } from '../../contract/labels.ts';

export type ReferralFilter = { category: string; followupType: string; s: string; t: string; agentId: string; product: string; q: string };
export const NO_FILTER: ReferralFilter = { category: '', followupType: '', s: '', t: '', agentId: '', product: '', q: '' };

const TYPE_WORDS: Record<string, string> = { SELLER: 'Seller', BUYER: 'Buyer', RENTAL: 'Rental' };

/** Every filter the overview links with, visible and changeable (issue 11). */
export function ReferralFilters({ filter, onChange }: { filter: ReferralFilter; onChange: (patch: Partial<ReferralFilter>) => void }) {
  const agents = useQuery(myAgentNamesQueryOptions());
  return (
    <>
      <SelectField label="Category" value={filter.category} onChange={(e) => onChange({ category: e.target.value })}>
        <option value="">All</option>
        <option value="active">Active</option>
        <option value="closed">Closed</option>
        <option value="removed">Removed</option>
      </SelectField>
      <SelectField label="Follow-up" value={filter.followupType} onChange={(e) => onChange({ followupType: e.target.value })}>
        <option value="">Any</option>
        <option value="OVERDUE">Overdue</option>
        <option value="UP_TO_DATE">Up to date</option>
      </SelectField>
      <SelectField label="Stage" value={filter.s} onChange={(e) => onChange({ s: e.target.value })}>
        <option value="">Any stage</option>
        {REFERRAL_STAGES.map((s) => <option key={s} value={s}>{stageLabel(s)}</option>)}
      </SelectField>
      <SelectField label="Type" value={filter.t} onChange={(e) => onChange({ t: e.target.value })}>
        <option value="">Any type</option>
        {REFERRAL_TYPES.map((t) => <option key={t} value={t}>{TYPE_WORDS[t]}</option>)}
      </SelectField>
      <SelectField label="Agent" value={filter.agentId} onChange={(e) => onChange({ agentId: e.target.value })}>
        <option value="">All agents</option>
        {filter.agentId && !agents.data?.some((a) => String(a.id) === filter.agentId) && <option value={filter.agentId}>Agent {filter.agentId}</option>}
        {agents.data?.map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
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
  const who = `${TYPE_WORDS[f.t] ?? enumLabel('referralType', f.t)} referrals`;
  if (f.s === 'LONG_TERM_HOLD' || f.s === 'REMOVED') return `${who} in ${stageLabel(f.s)}`;
  return f.s === 'AWAITING_FOLLOWUP' ? `Every ${who.toLowerCase()} received` : `${who} at ${stageLabel(f.s)} or further along`;
}
