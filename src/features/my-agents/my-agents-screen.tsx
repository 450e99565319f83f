import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { pathTo } from '../../access/route-table.ts';
import { myAgentsQueryOptions } from '../../api/my-agents.ts';
import { useRecentlyViewed } from '../../session/recently-viewed.ts';
import { Button } from '../../ui/button.tsx';
import * as styles from '../../ui/staff.css.ts';
import { useUrlListState } from '../../ui/use-list-state.ts';
import { BrokerageOnly } from '../../widgets/brokerage-only.tsx';
import { listFailure, NeedsConnection } from '../../widgets/list-freshness.tsx';
import { ListScreen } from '../../widgets/list-screen.tsx';
import { SavedViews } from '../../widgets/saved-views.tsx';
import { useInviteDialog } from '../../widgets/use-invite-dialog.tsx';
import { MY_AGENT_COLUMNS, MY_AGENT_SORT_CHOICES, MY_AGENTS_LIST } from './my-agents-list.tsx';

/** My Agents: recently viewed agents, the roster, and the Invite Agents dialog (?invite=true opens it). */
function MyAgentsScreenContent() {
  const invite = useInviteDialog();
  const recent = useRecentlyViewed('myAgents');
  const list = useUrlListState(MY_AGENTS_LIST.spec);
  const query = useQuery({ ...myAgentsQueryOptions(list.params), placeholderData: keepPreviousData });
  return (
    <ListScreen
      title="My Agents"
      definition={MY_AGENTS_LIST}
      list={list}
      query={query}
      columns={MY_AGENT_COLUMNS}
      rowKey={(a) => a.id}
      label="Agents"
      rowsType="agents"
      empty="No agents found."
      error={listFailure}
      sortChoices={MY_AGENT_SORT_CHOICES}
      recent={{ items: recent, title: 'Recently Viewed Agents', hrefFor: (id) => pathTo('view-my-agent', { id }) }}
      header={
        <div className={styles.headerRow}>
          <h2 className={styles.heading}>Agents</h2>
          <Link href={pathTo('my-agent-invitations')}>Pending Invitations</Link>
          <NeedsConnection>
            <Button variant="secondary" onClick={invite.open}>
              Invite Agents
            </Button>
          </NeedsConnection>
        </div>
      }
      views={<SavedViews list="my-agents" current={list.viewQuery} onApply={list.apply} />}
    >
      {invite.dialog}
    </ListScreen>
  );
}

/** My Agents, for a brokerage admin or staff impersonating a brokerage. */
export function MyAgentsScreen() {
  return (
    <BrokerageOnly title="My Agents">
      <MyAgentsScreenContent />
    </BrokerageOnly>
  );
}
