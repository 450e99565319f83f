import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

import { brokerageQueryOptions, hasLeadGenius } from '../../api/brokerages.ts';
import type { Product } from '../../contract/brokerages.ts';
import { useStore } from '../../session/persisted-store.ts';
import { impersonationStore, profileStore } from '../../session/state.ts';
import { Deferred } from '../../ui/deferred.tsx';
import { Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CONTACT_CENTER_ROLES, ContactCenterOverview } from './contact-center-overview.tsx';
import { DashboardContext, type DashboardScope } from './dashboard-context.ts';
import { DashboardGrid } from './dashboard-grid.tsx';
import * as styles from './dashboard.css.ts';
import { LeadDetailDialog } from './lead-detail-dialog.tsx';
import { SELECTOR_ROLES } from './overview-queries.ts';
import { ProductSelector } from './product-selector.tsx';
import { StatusLine } from './status-line.tsx';

export const NO_BROKERAGE = 'The overview shows a brokerage’s figures. Staff see them while impersonating a brokerage.';

function Dashboard({ brokerageId }: { brokerageId: number }) {
  const user = useStore(profileStore, (p) => p.user);
  const own = useStore(profileStore, (p) => p.brokerage);
  const impersonating = useStore(impersonationStore, (i) => i !== null);
  const brokerage = useQuery({
    ...brokerageQueryOptions(brokerageId),
    staleTime: 3600_000,
    ...(own?.id === brokerageId ? { initialData: own } : {}),
  });
  const [product, setProduct] = useState<Product>('COMBINED');
  const [location, navigate] = useLocation();
  const leadId = new URLSearchParams(useSearch()).get('lead');
  // Opened here: a history entry was pushed, so closing goes back. Opened from a link: closing replaces the URL.
  const [pushed, setPushed] = useState(false);
  const roles = useMemo(() => user?.roles.map((r) => r.name) ?? [], [user]);
  const showSelector = roles.some((r) => SELECTOR_ROLES.includes(r));
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ') || user?.email || 'Not Available';

  const scope = useMemo<DashboardScope | null>(
    () =>
      brokerage.data
        ? {
            brokerageId,
            brokerageName: brokerage.data.name,
            product,
            leadGenius: hasLeadGenius(brokerage.data),
            impersonating,
            user: { name, email: user?.email ?? null },
            openLead: (id) => {
              setPushed(true);
              navigate(`${location}?lead=${encodeURIComponent(id)}`);
            },
          }
        : null,
    [brokerage.data, brokerageId, product, impersonating, name, user?.email, navigate, location],
  );

  // While the saved answers are read back (a few tens of ms), the widgets wait: drawn earlier they
  // would show their spinners, then grow under the reader's eyes (layout shift 0.66 on a phone).
  const restoring = useIsRestoring();
  const spinner = <Skeleton label="Loading dashboard" shape="figures" />;
  return (
    <Page>
      <div className={styles.toolbar}>
        {showSelector && <ProductSelector value={product} onChange={setProduct} />}
        {/* The notifications bell is the top bar's (src/app/shell/shell.tsx, NOTIFICATION_PAGES). */}
        <div className={styles.toolbarEnd}>
          <StatusLine brokerageId={brokerageId} />
        </div>
      </div>
      {scope && !restoring ? (
        <Deferred fallback={spinner}>
          <DashboardContext.Provider value={scope}>
            <DashboardGrid hideIris={showSelector && product === 'PORCHLIGHT'} />
            {leadId && (
              <LeadDetailDialog
                key={leadId}
                opportunityId={leadId}
                parent={pushed ? 'overview' : ''}
                onClosed={() => navigate(location, { replace: true })}
              />
            )}
          </DashboardContext.Provider>
        </Deferred>
      ) : brokerage.isError ? (
        <QueryFailure thing="The brokerage" retry={brokerage.refetch} />
      ) : (
        spinner
      )}
    </Page>
  );
}

/** The brokerage overview (/console and /console/dashboard): the brokerage's widgets, impersonated or own. */
export function OverviewScreen() {
  const userBrokerId = useStore(profileStore, (p) => p.user?.brokerId ?? null);
  const target = useStore(impersonationStore, (i) => i?.target ?? null);
  const brokerageId = target ? (target.kind === 'brokerage' ? target.id : null) : userBrokerId;
  const contactCenter = useStore(
    profileStore,
    (p) => !!p.user?.roles.some((r) => CONTACT_CENTER_ROLES.includes(r.name)),
  );
  if (brokerageId === null && !target && contactCenter) return <ContactCenterOverview />;
  // A loan office (own or impersonated) never gets here: src/app/overview-screen.tsx gives it the lender overview.
  if (brokerageId === null)
    return (
      <Page>
        <p className={styles.muted}>{NO_BROKERAGE}</p>
      </Page>
    );
  return <Dashboard key={brokerageId} brokerageId={brokerageId} />;
}
