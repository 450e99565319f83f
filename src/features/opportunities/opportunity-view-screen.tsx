import { useQuery } from '@tanstack/react-query';
import { isViewOpportunitiesOnly } from '../../access/roles.ts';
import { formatDateTime, prettify, productFamilyLabel } from '../../lib/format.ts';
import { addOpportunityNote, opportunityNotesQueryOptions, opportunityQueryOptions } from '../../api/opportunities.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { profileStore } from '../../session/state.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card, Page, Spinner } from '../../ui/layout.tsx';
import { RecordNotes } from '../../ui/record-notes.tsx';
import * as styles from '../../ui/staff.css.ts';
import { OpportunityAssignment } from './opportunity-assignment.tsx';
import { opportunityName } from './opportunity-format.ts';
import { OpportunityInteractions } from './opportunity-interactions.tsx';
import { OpportunityStatusCard } from './opportunity-status.tsx';
import { OpportunityConversation } from './opportunity-conversation.tsx';
import { OpportunityPartner } from './opportunity-partner.tsx';
import { OpportunityTasks } from './opportunity-tasks.tsx';

/** One opportunity (view/:id): contact, status, assigned agent, referral partner, workflow tasks, notes, interactions and the conversation timeline. CSR_VIEW_OPPORTUNITIES only reads. */
export function OpportunityViewScreen({ params }: { params: Record<string, string> }) {
  const id = Number(params['id']);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ ...opportunityQueryOptions(id), enabled: valid });
  const readOnly = useStore(profileStore, (p) => isViewOpportunitiesOnly(p.user?.roles ?? []));
  const o = query.data;
  useAddRecentlyViewed('opportunities', o ? { id: o.id, label: opportunityName(o) } : undefined);
  if (query.isError || !valid) return <Page><p role="alert">This opportunity could not be loaded.</p></Page>;
  if (!o) return <Spinner />;
  const name = opportunityName(o);
  return (
    <Page title={name}>
      <div className={styles.stack}>
        <Card>
          <h2 className={styles.subheading}>{name}</h2>
          <DetailList items={[
            ['First Name', o.contact.nameFirst], ['Last Name', o.contact.nameLast],
            ['Phone Number', formatPhone(o.contact.phoneNumber)], ['Email Address', o.contact.emailAddress],
            ['Cosigner', [o.cosignerFirstName, o.cosignerLastName].filter(Boolean).join(' ')],
            ['Type', prettify(o.type)], ['Product', productFamilyLabel(o.product)], ['Lead Type', prettify(o.leadType)],
            ['Brokerage', o.brokerageName], ['Lead Source', o.cleanReferringWebsite ?? '-'],
            ['Calls', o.phoneCount], ['SMS', o.smsCount],
            ['Created', formatDateTime(o.created)], ['Updated', formatDateTime(o.updated)],
          ]} />
        </Card>
        <OpportunityStatusCard opportunity={o} readOnly={readOnly} />
        <OpportunityAssignment opportunity={o} readOnly={readOnly} />
        <OpportunityPartner partnerId={o.partnerId} />
        <OpportunityTasks id={o.id} />
        <Card aria-labelledby="opportunity-notes">
          <h2 id="opportunity-notes" className={styles.subheading}>Notes</h2>
          <RecordNotes label="Opportunity notes" query={opportunityNotesQueryOptions(o.id)}
            add={readOnly ? undefined : (body) => addOpportunityNote(o.id, body)} />
        </Card>
        <OpportunityInteractions id={o.id} />
        <OpportunityConversation id={o.id} />
      </div>
    </Page>
  );
}
