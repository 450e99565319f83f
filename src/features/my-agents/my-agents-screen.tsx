import { BrokerageOnly } from '../../widgets/brokerage-only.tsx';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/layout.tsx';
import { RecentlyViewed } from '../../ui/recent-list.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useInviteDialog } from '../../widgets/use-invite-dialog.tsx';
import { NeedsConnection } from '../../widgets/list-freshness.tsx';
import { MyAgentsList } from './my-agents-list.tsx';

/** My Agents: recently viewed agents, the roster, and the Invite Agents dialog (?invite=true opens it). */
function MyAgentsScreenContent() {
  const invite = useInviteDialog();
  const recent = useRecentlyViewed('myAgents');
  return (
    <Page title="My Agents">
      <div className={styles.stack}>
        <RecentlyViewed items={recent} title="Recently Viewed Agents" hrefFor={(id) => pathTo('view-my-agent', { id })} />
        <Card>
          <div className={styles.headerRow}>
            <h2 className={styles.heading}>Agents</h2>
            <Link href={pathTo('my-agent-invitations')}>Pending Invitations</Link>
            <NeedsConnection><Button variant="secondary" onClick={invite.open}>Invite Agents</Button></NeedsConnection>
          </div>
          <MyAgentsList />
        </Card>
      </div>
      {invite.dialog}
    </Page>
  );
}

/** My Agents, for a brokerage admin or staff impersonating a brokerage. */
export function MyAgentsScreen() {
  return <BrokerageOnly title="My Agents"><MyAgentsScreenContent /></BrokerageOnly>;
}
