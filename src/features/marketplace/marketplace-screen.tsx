import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { brokerageQueryOptions } from '../../api/brokerages.ts';
import { markMarketplaceViewedWrite } from '../../api/viewed-items.ts';
import { useWrite } from '../../api/write.ts';
import { MARKETPLACE_ITEMS, type MarketplaceItem } from '../../lib/marketplace.ts';
import { useBrokerageScope } from '../../session/brokerage-scope.ts';
import { Card, Page } from '../../ui/layout.tsx';
import { ApinationStatus } from '../../widgets/apination-status.tsx';
import * as styles from './marketplace.css.ts';

const DESCRIPTIONS: Record<MarketplaceItem, { name: string; text: string }> = {
  apination: {
    name: 'Apination',
    text: 'Connects your CRM and transaction tools so referral updates flow without retyping.',
  },
  rialto: { name: 'Rialto', text: 'Marketing and listing presentation tools for your agents.' },
  'broker-boost': { name: 'Broker Boost', text: 'Raises your agents’ scores so they receive more referrals.' },
  iris: { name: 'IRIS', text: 'Lead generation: qualified buyer and seller leads delivered to your brokerage.' },
  'luxury-presence': { name: 'Luxury Presence', text: 'Websites and marketing for agents and brokerages.' },
};

/** The marketplace; opening it marks all five items as viewed, which clears the navigation chip. */
export function MarketplaceScreen() {
  const { mutate: markViewed } = useWrite(markMarketplaceViewedWrite);
  // Offline the write fails quietly: the chip stays until the next visit online.
  useEffect(() => {
    markViewed();
  }, [markViewed]);
  return (
    <Page>
      <ul className={styles.grid}>
        {MARKETPLACE_ITEMS.map((item) => (
          <li key={item}>
            <Card aria-labelledby={`mp-${item}`} className={styles.card}>
              <h2 id={`mp-${item}`} className={styles.name}>
                {DESCRIPTIONS[item].name}
              </h2>
              <p>{DESCRIPTIONS[item].text}</p>
              {item === 'apination' && <ApinationItem />}
            </Card>
          </li>
        ))}
      </ul>
    </Page>
  );
}

/** The Apination item's switch: the brokerage admin's own brokerage (or the one staff impersonate). */
function ApinationItem() {
  const scope = useBrokerageScope();
  const brokerage = useQuery({ ...brokerageQueryOptions(scope ?? 0), enabled: scope !== null });
  if (scope === null) return <p>Staff switch Apination on a brokerage’s page, or here while impersonating it.</p>;
  return <ApinationStatus brokerageId={scope} brokerageName={brokerage.data?.name ?? 'your brokerage'} canSwitch />;
}
