import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { leadDetailQueryOptions } from '../../api/dashboard.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { LeadDetailBody, LeadTitle } from '../../ui/lead-details.tsx';
import * as styles from './lead-detail.css.ts';

export interface LeadDetailDialogProps {
  opportunityId: string;
  /** Where the dialog was opened from; non-empty means closing goes back one step in history. */
  parent?: string;
  /** Emitted on close when there is no parent to go back to. */
  onClosed?: () => void;
}

/** The read-only lead detail of one opportunity (spec 2 section 2): opens at once, closes back or with onClosed. */
export function LeadDetailDialog({ opportunityId, parent = 'agents', onClosed }: LeadDetailDialogProps) {
  const [open, setOpen] = useState(true);
  const lead = useQuery(leadDetailQueryOptions(opportunityId));
  const close = () => {
    setOpen(false);
    if (parent) window.history.back();
    else onClosed?.();
  };
  const data = lead.data?.data;
  return (
    <Dialog
      open={open}
      openedByAddress
      onOpenChange={(o) => {
        if (!o) close();
      }}
      title={<LeadTitle lead={data} />}
      wide
      actions={
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      }
    >
      <div className={styles.body}>
        <LeadDetailBody lead={data} isError={lead.isError} />
      </div>
    </Dialog>
  );
}
