import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pathTo } from '../../access/route-table.ts';
import { brokerageQueryOptions } from '../../api/brokerages.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page, Spinner } from '../../ui/layout.tsx';
import * as styles from '../../ui/staff.css.ts';

/**
 * The brokerage's email settings (email/:id). The reference API has no email-settings endpoint
 * (GET /users-api/emailSettings is not served), so the screen shows the brokerage's address only.
 */
export function BrokerageEmailScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params['id']);
  const brokerage = useQuery({ ...brokerageQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  if (brokerage.isError) return <Page><p role="alert">This brokerage could not be loaded.</p></Page>;
  const b = brokerage.data;
  if (!b) return <Spinner />;
  return (
    <Page title="Brokerage Email Settings">
      <Card>
        <div className={styles.headerRow}>
          <h2 className={styles.heading}>{b.name}</h2>
          <Link href={pathTo('brokerage-view', { id: b.id })}>Back to brokerage</Link>
        </div>
        <DetailList items={[['Brokerage Email', b.email]]} />
        <p className={styles.meta}>Email settings are not available for this brokerage yet.</p>
      </Card>
    </Page>
  );
}
