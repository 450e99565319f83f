import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { addAgentNoteWrite, agentNotesQueryOptions, staffAgentQueryOptions } from '../../api/staff-agents.ts';
import { personName } from '../../lib/format.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { Card, Page } from '../../ui/layout.tsx';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { RecordSkeleton } from '../../ui/skeleton.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { AgentLifecycle } from '../../widgets/agent-lifecycle.tsx';
import { MlsBoards } from '../../widgets/mls-boards.tsx';
import { RecordNotes } from '../../widgets/record-notes.tsx';
import { AdminHold } from './admin-hold.tsx';
import { AgentFunnelView } from './agent-funnel.tsx';
import { agentRouteOf } from './agent-paths.ts';
import { AgentProfile } from './agent-profile.tsx';
import { AgentReferrals } from './agent-referrals.tsx';
import { CoverageAreas } from './coverage-areas.tsx';
import { ExcludedAreas } from './excluded-areas.tsx';
import { SupportCases } from './support-cases.tsx';

/** One agent (agents view/:id, or brokerages view/:id/agent/:agentId): lifecycle, profile, funnel, referrals, notes, admin hold, coverage and exclusions, MLS boards, support cases. */
export function AgentViewScreen({ params }: { params: Record<string, string> }) {
  const route = agentRouteOf(params);
  const agent = useQuery({ ...staffAgentQueryOptions(route.agentId), enabled: route.valid });
  const a = agent.data;
  const name = a ? personName(a.name.first, a.name.last) : undefined;
  useAddRecentlyViewed('agents', a && name ? { id: a.id, label: name } : undefined);

  if (agent.isError || !route.valid)
    return (
      <Page>
        <QueryFailure thing="This agent" />
      </Page>
    );
  if (!a || !name) return <RecordSkeleton label="Loading agent" />;
  return (
    <Page title={name}>
      <Card>
        <div className={styles.headerRow}>
          <h2 className={styles.heading}>{name}</h2>
          {route.brokeragePath && <Link href={route.brokeragePath}>Back to brokerage</Link>}
        </div>
        <AgentLifecycle agent={a} name={name} />
        <Tabs
          label="Agent"
          items={[
            { value: 'profile', label: 'Profile', content: <AgentProfile agent={a} /> },
            { value: 'funnel', label: 'Funnel', content: <AgentFunnelView id={a.id} /> },
            {
              value: 'referrals',
              label: 'Referrals',
              content: <AgentReferrals id={a.id} referralPath={route.referralPath} />,
            },
            {
              value: 'notes',
              label: 'Notes',
              content: (
                <RecordNotes label="Agent notes" query={agentNotesQueryOptions(a.id)} add={addAgentNoteWrite(a.id)} />
              ),
            },
            { value: 'hold', label: 'Admin Hold', content: <AdminHold id={a.id} /> },
            {
              value: 'coverage',
              label: 'Coverage Areas',
              content: (
                <div className={styles.stack}>
                  <CoverageAreas id={a.id} />
                  <ExcludedAreas id={a.id} />
                </div>
              ),
            },
            { value: 'mls', label: 'MLS Boards', content: <MlsBoards id={a.id} /> },
            { value: 'support', label: 'Support Cases', content: <SupportCases id={a.id} /> },
          ]}
        />
      </Card>
    </Page>
  );
}
