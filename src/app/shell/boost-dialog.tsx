import type { BoostStatus } from '../../contract/agents.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/** The Broker Boost info dialog (spec 1 section 2, shell dialogs). */
export function BoostDialog({
  open,
  onOpenChange,
  status,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  status: BoostStatus;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Broker Boost"
      description={status.enabled ? `Broker Boost is on ${status.boostPercentage}%.` : 'Broker Boost is OFF.'}
      actions={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <p>
        Broker Boost raises the scores of your brokerage&apos;s agents
        {status.enabled ? ` by ${status.boostPercentage}% while it is on` : ' while it is on'}.
      </p>
      <p>Your brokerage decides whether Broker Boost is on. Ask your brokerage administrator to learn more.</p>
    </Dialog>
  );
}
