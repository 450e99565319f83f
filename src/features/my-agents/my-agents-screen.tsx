import { useLocation, useSearch } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { Card, Page } from '../../ui/layout.tsx';
import { RecentlyViewed } from '../../ui/recent-list.tsx';
import * as styles from '../../ui/staff.css.ts';
import { Tabs } from '../../ui/tabs.tsx';
import { MyAgentsList } from './my-agents-list.tsx';

/** My Agents: the roster (recently viewed on top). */
export function MyAgentsScreen() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const view = params.get('view') === 'invitations' ? 'invitations' : 'agents';
  return (
    <Page title="My Agents">
      <div className={styles.stack}>
        <RecentlyViewed list="myAgents" hrefFor={(id) => pathTo('view-my-agent', { id })} />
        <Card>
          <Tabs label="My Agents" value={view} onValueChange={(v) => navigate(v === 'invitations' ? `${pathTo('my-agents')}?view=invitations` : pathTo('my-agents'))}
            items={[
              { value: 'agents', label: 'Agents', content: view === 'agents' ? <MyAgentsList /> : null },
              { value: 'invitations', label: 'Pending Invitations', content: <p className={styles.meta}>Loading invitations…</p> },
            ]} />
        </Card>
      </div>
    </Page>
  );
}
