import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { boostQueryOptions } from '../../api/agents.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { Banner } from '../../ui/banner.tsx';
// Loaded with the shell, so the browser's install offer is caught before the profile screen is opened.
import '../../ui/install-prompt.ts';

import * as styles from './boost-banner.css.ts';
import { BoostDialog } from './boost-dialog.tsx';

/**
 * The Broker Boost banner, for agents (spec 1 sections 2 and 9): green "Broker Boost is on {percentage}%"
 * or grey "Broker Boost is OFF. Click to learn more about Broker Boost.", opening the info dialog.
 * boostQueryOptions refetches every 24 hours.
 */
const OFF_TEXT = 'Broker Boost is OFF. Click to learn more about Broker Boost.';

export function BoostBanner() {
  const isAgent = useStore(profileStore, (p) => p.agent !== null);
  const boost = useQuery({ ...boostQueryOptions(), enabled: isAgent });
  const [open, setOpen] = useState(false);
  if (!isAgent || boost.isError) return null;
  // An agent always gets one of the two banners: its room (one line) is kept while the status loads,
  // so the page under it does not jump down when it arrives.
  if (!boost.data)
    return (
      <div className={styles.placeholder} aria-hidden="true">
        <Banner tone="grey">
          <span className={styles.button}>Broker Boost is on 100%</span>
        </Banner>
      </div>
    );
  const on = boost.data.enabled;
  return (
    <>
      <Banner tone={on ? 'success' : 'grey'} label="Broker Boost">
        <button type="button" className={styles.button} onClick={() => setOpen(true)} aria-haspopup="dialog">
          {on ? `Broker Boost is on ${boost.data.boostPercentage}%` : OFF_TEXT}
        </button>
      </Banner>
      <BoostDialog open={open} onOpenChange={setOpen} status={boost.data} />
    </>
  );
}
