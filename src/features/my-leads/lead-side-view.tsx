import { useQuery } from '@tanstack/react-query';

import { leadDetailQueryOptions } from '../../api/dashboard.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LeadActions, LeadDetailBody, LeadTitle } from '../../ui/lead-details.tsx';

/**
 * One lead over the list (my-leads view/:id): spec 2's lead detail with what the broker acts on,
 * Call, Email and the referral made from the lead. A dialog rather than a column beside the list, so
 * the list keeps the main area's full width at 1024-1440 px; the address opened it, so Back closes it.
 */
export function LeadSideView({ id, onClose }: { id: string; onClose: () => void }) {
  const lead = useQuery(leadDetailQueryOptions(id));
  const data = lead.data?.data;
  return (
    <Dialog
      open
      openedByAddress
      wide
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={<LeadTitle lead={data} />}
      actions={
        <>
          <LeadActions lead={data} />
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <LeadDetailBody lead={data} isError={lead.isError} />
    </Dialog>
  );
}
