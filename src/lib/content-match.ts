// Which content item a usage sends to a given audience. The server's best-match and
// all-match calls and the console's simulator all answer with this one function.
//
// An item of the usage matches when it is active and each attribute its audience names equals the
// lead's (an audience attribute left empty matches anything; no audience is "Everyone").
// Matches rank by specificity (how many attributes the audience names), then priority (higher
// first), then item id (the older item). The first is the best match.

export const AUDIENCE_ATTRIBUTES = ['product', 'leadType', 'clientType', 'state'] as const;
export type AudienceAttribute = (typeof AUDIENCE_ATTRIBUTES)[number];
export const ATTRIBUTE_LABELS: Record<AudienceAttribute, string> = {
  product: 'Product',
  leadType: 'Lead type',
  clientType: 'Client type',
  state: 'State',
};

export type Attributes = Partial<Record<AudienceAttribute, string | null | undefined>>;
export interface AudienceRule extends Partial<Record<AudienceAttribute, string | null>> {
  id: number;
  name: string;
}

export interface MatchCandidate {
  id: number;
  name: string;
  priority: number;
  active: boolean;
  version: number;
  audience: AudienceRule | null;
}

export interface ContentMatch {
  itemId: number;
  name: string;
  version: number;
  rank: number;
  best: boolean;
  /** the audience rule that made it match, in words */
  rule: string;
  /** the attributes the audience names (all equal to the lead's) */
  matchedOn: AudienceAttribute[];
  specificity: number;
  priority: number;
  /** why it ranks where it does */
  reason: string;
}

export interface MatchResult {
  best: ContentMatch | null;
  matches: ContentMatch[];
  why: string;
}

const named = (a: AudienceRule | null): AudienceAttribute[] =>
  a ? AUDIENCE_ATTRIBUTES.filter((k) => a[k] != null) : [];

export function ruleText(a: AudienceRule | null): string {
  if (!a) return 'Everyone (no audience)';
  const parts = named(a).map((k) => `${ATTRIBUTE_LABELS[k]} = ${a[k] ?? ''}`);
  return parts.length === 0 ? `${a.name}: anyone` : `${a.name}: ${parts.join(' and ')}`;
}

/** Null when the item matches; else the first attribute that differs, in words. */
export function mismatch(item: MatchCandidate, attrs: Attributes): string | null {
  if (!item.active) return 'inactive';
  for (const k of named(item.audience)) {
    const want = item.audience?.[k];
    const have = attrs[k];
    if (have == null || have === '') return `${ATTRIBUTE_LABELS[k]} must be ${want ?? ''} (not given)`;
    if (have !== want) return `${ATTRIBUTE_LABELS[k]} must be ${want ?? ''}, not ${have}`;
  }
  return null;
}

const compare = (a: MatchCandidate, b: MatchCandidate) =>
  named(b.audience).length - named(a.audience).length || b.priority - a.priority || a.id - b.id;

function beats(w: MatchCandidate, o: MatchCandidate): string {
  const ws = named(w.audience).length;
  const os = named(o.audience).length;
  if (ws !== os)
    return `it names ${ws} ${ws === 1 ? 'attribute' : 'attributes'} against ${os} for "${o.name}" (more specific wins)`;
  if (w.priority !== o.priority)
    return `same specificity; priority ${w.priority} against ${o.priority} for "${o.name}"`;
  return `same specificity and priority as "${o.name}"; the older item (id ${w.id}) wins`;
}

export function matchContent(items: MatchCandidate[], attrs: Attributes): MatchResult {
  const ranked = items.filter((i) => mismatch(i, attrs) === null).sort(compare);
  const first = ranked[0];
  const matches = ranked.map((i, n): ContentMatch => ({
    itemId: i.id,
    name: i.name,
    version: i.version,
    rank: n + 1,
    best: n === 0,
    rule: ruleText(i.audience),
    matchedOn: named(i.audience),
    specificity: named(i.audience).length,
    priority: i.priority,
    reason:
      n === 0
        ? ranked.length === 1
          ? 'The only match'
          : `Best: ${beats(i, ranked[1] as MatchCandidate)}`
        : `Ranked ${n + 1}: "${first?.name ?? ''}" wins because ${beats(first as MatchCandidate, i)}`,
  }));
  const best = matches[0] ?? null;
  return {
    best,
    matches,
    why: best
      ? `${best.name} wins: ${best.reason.replace(/^Best: /, '')}`
      : 'No active item of this usage matches these attributes',
  };
}
