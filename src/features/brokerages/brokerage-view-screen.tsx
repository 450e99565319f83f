import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { addBrokerNoteWrite, brokerageQueryOptions, brokerNotesQueryOptions } from '../../api/brokerages.ts';
import { recordId } from '../../lib/record-params.ts';
import { requestImpersonation, useCanImpersonate } from '../../session/impersonation.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { Button } from '../../ui/button.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { ApinationStatus } from '../../widgets/apination-status.tsx';
import { RecordNotes } from '../../widgets/record-notes.tsx';
import { BrokerageAgents } from './brokerage-agents.tsx';
import { BrokerageEditDialog } from './brokerage-edit-dialog.tsx';
import { BrokerageProfile } from './brokerage-profile.tsx';
import { BrokerageReferrals } from './brokerage-referrals.tsx';
import { BrokerageStats } from './brokerage-stats.tsx';

/** One brokerage (view/:id): profile, stats, agents, referrals and broker notes; staff who may can impersonate it. */
export function BrokerageViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const brokerage = useQuery({ ...brokerageQueryOptions(found ?? 0), enabled: found !== undefined });
  const canImpersonate = useCanImpersonate();
  const [editing, setEditing] = useState(false);
  const b = brokerage.data;
  useAddRecentlyViewed('brokerages', b ? { id: b.id, label: b.name } : undefined);

  return (
    <RecordScreen
      found={found !== undefined}
      query={brokerage}
      noun="brokerage"
      title={(b) => b.name}
      actions={(b) => (
        <>
          <Link href={pathTo('brokerage-email', { id: b.id })}>Email Settings</Link>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            Edit Brokerage
          </Button>
          {canImpersonate && (
            <Button
              variant="secondary"
              onClick={() => requestImpersonation({ kind: 'brokerage', id: b.id, name: b.name })}
            >
              Impersonate
            </Button>
          )}
        </>
      )}
      more={(b) => <BrokerageEditDialog brokerage={b} open={editing} onOpenChange={setEditing} />}
    >
      {(b) => (
        <Tabs
          label="Brokerage"
          items={[
            {
              value: 'profile',
              label: 'Profile',
              content: (
                <>
                  <BrokerageProfile brokerage={b} />
                  <h3 className={styles.subheading}>Apination</h3>
                  <ApinationStatus brokerageId={b.id} brokerageName={b.name} canSwitch={canImpersonate} />
                </>
              ),
            },
            { value: 'stats', label: 'Stats', content: <BrokerageStats id={b.id} /> },
            { value: 'agents', label: 'Agents', content: <BrokerageAgents id={b.id} /> },
            { value: 'referrals', label: 'Referrals', content: <BrokerageReferrals id={b.id} /> },
            {
              value: 'notes',
              label: 'Notes',
              content: (
                <RecordNotes
                  label="Broker notes"
                  query={brokerNotesQueryOptions(b.id)}
                  add={addBrokerNoteWrite(b.id)}
                />
              ),
            },
          ]}
        />
      )}
    </RecordScreen>
  );
}
