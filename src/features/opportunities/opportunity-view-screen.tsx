import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { hasStaffRole } from '../../access/roles.ts';
import {
  addOpportunityNoteWrite,
  opportunityNotesQueryOptions,
  opportunityQueryOptions,
} from '../../api/opportunities.ts';
import { enumLabel } from '../../contract/labels.ts';
import { formatDateTime, productFamilyLabel } from '../../lib/format.ts';
import { recordId } from '../../lib/record-params.ts';
import { formatPhone } from '../../lib/validation.ts';
import { useStore } from '../../session/persisted-store.ts';
import { useAddRecentlyViewed } from '../../session/recently-viewed.ts';
import { profileStore } from '../../session/state.ts';
import { withBreakPoints } from '../../ui/break-points.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { Card } from '../../ui/layout.tsx';
import { RecordScreen } from '../../ui/record-screen.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';
import * as styles from '../../ui/staff.css.ts';
import { RecordNotes } from '../../widgets/record-notes.tsx';
import { EditContactDialog } from './edit-contact-dialog.tsx';
import { OpportunityAssignment } from './opportunity-assignment.tsx';
import { OpportunityConversation } from './opportunity-conversation.tsx';
import { opportunityName } from './opportunity-format.ts';
import { OpportunityInteractions } from './opportunity-interactions.tsx';
import { OpportunityLender } from './opportunity-lender.tsx';
import { OpportunityPartner } from './opportunity-partner.tsx';
import { OpportunityStatusCard } from './opportunity-status.tsx';
import { OpportunityTasks } from './opportunity-tasks.tsx';

/**
 * One opportunity (view/:id): contact, status, assigned agent, lender, referral partner, workflow tasks, notes,
 * interactions and the conversation timeline. Writes are offered to the staff roles the server's write policy
 * admits (STAFF_ROLES); CSR_VIEW_OPPORTUNITIES only reads.
 */
export function OpportunityViewScreen({ params }: { params: Record<string, string> }) {
  const found = recordId(params['id']);
  const query = useQuery({ ...opportunityQueryOptions(found ?? 0), enabled: found !== undefined });
  const canWrite = useStore(profileStore, (p) => hasStaffRole(p.user?.roles ?? []));
  const [editing, setEditing] = useState(false);
  const snackbar = useSnackbar();
  const o = query.data;
  useAddRecentlyViewed('opportunities', o ? { id: o.id, label: opportunityName(o) } : undefined);
  const editButton = canWrite && (
    <Button variant="secondary" onClick={() => setEditing(true)}>
      Edit Contact
    </Button>
  );
  return (
    <RecordScreen
      found={found !== undefined}
      query={query}
      noun="opportunity"
      title={opportunityName}
      actions={() => editButton}
      // A phone keeps the contact's actions at hand, stuck to the bottom of the screen (action-bar.tsx).
      phoneActions={
        o?.contact.phoneNumber || canWrite
          ? (o) => (
              <>
                {o.contact.phoneNumber && (
                  <a className={buttonClass('primary')} href={`tel:${o.contact.phoneNumber}`}>
                    Call
                  </a>
                )}
                {editButton}
              </>
            )
          : undefined
      }
      more={(o) => (
        <>
          {canWrite && (
            <EditContactDialog
              opportunity={o}
              open={editing}
              onOpenChange={setEditing}
              onSaved={(next) => {
                setEditing(false);
                if (next) snackbar('Contact saved.', { tone: 'success' });
              }}
            />
          )}
          <OpportunityStatusCard opportunity={o} readOnly={!canWrite} />
          <OpportunityAssignment opportunity={o} readOnly={!canWrite} />
          <OpportunityLender id={o.id} />
          <OpportunityPartner partnerId={o.partnerId} />
          <OpportunityTasks id={o.id} />
          <Card aria-labelledby="opportunity-notes">
            <h2 id="opportunity-notes" className={styles.subheading}>
              Notes
            </h2>
            <RecordNotes
              label="Opportunity notes"
              query={opportunityNotesQueryOptions(o.id)}
              add={canWrite ? addOpportunityNoteWrite(o.id) : undefined}
            />
          </Card>
          <OpportunityInteractions id={o.id} canWrite={canWrite} />
          <OpportunityConversation id={o.id} />
        </>
      )}
    >
      {(o) => {
        const phone = o.contact.phoneNumber;
        const email = o.contact.emailAddress;
        return (
          <DetailList
            items={[
              ['First Name', o.contact.nameFirst],
              ['Last Name', o.contact.nameLast],
              ['Phone Number', phone ? <a href={`tel:${phone}`}>{formatPhone(phone)}</a> : null],
              ['Email Address', email ? <a href={`mailto:${email}`}>{withBreakPoints(email)}</a> : null],
              ['Cosigner', [o.cosignerFirstName, o.cosignerLastName].filter(Boolean).join(' ')],
              ['Type', enumLabel('referralType', o.type)],
              ['Product', productFamilyLabel(o.product)],
              ['Lead Type', enumLabel('leadType', o.leadType)],
              ['Brokerage', o.brokerageName],
              ['Lead Source', o.cleanReferringWebsite ?? '-'],
              ['Calls', o.phoneCount],
              ['Texts', o.smsCount],
              ['Created', formatDateTime(o.created)],
              ['Updated', formatDateTime(o.updated)],
            ]}
          />
        );
      }}
    </RecordScreen>
  );
}
