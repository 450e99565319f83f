import { userTypeOf } from '../access/navigation.ts';
import { useStore } from '../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../session/state.ts';
import { lazyWithRetry } from './lazy-with-retry.tsx';

// /console (and /console/dashboard): a loan office's overview for a lender (own or impersonated),
// else the brokerage dashboard. Each is its own lazy chunk, so neither pays for the other.
type Props = { params: Record<string, string> };
const BrokerageOverview = lazyWithRetry<Props>(() => import('../features/dashboard/overview-screen.tsx')
  .then((m) => ({ default: m.OverviewScreen })));
const LenderOverview = lazyWithRetry<Props>(() => import('../features/lender-overview/lender-overview-screen.tsx')
  .then((m) => ({ default: m.LenderOverviewScreen })));

export function ConsoleOverviewScreen(props: Props) {
  const roles = useStore(profileStore, (p) => p.user?.roles ?? []);
  const impersonating = useStore(impersonationStore, (i) => i?.target.kind ?? null);
  return userTypeOf({ roles, impersonating }) === 'lender' ? <LenderOverview {...props} /> : <BrokerageOverview {...props} />;
}
