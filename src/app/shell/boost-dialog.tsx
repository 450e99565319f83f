import type { BoostStatus } from '../../api/schemas/core.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';

/** The Broker Boost info dialog (spec 1 section 2, shell dialogs). */
export function BoostDialog({ open, onOpenChange, status }: { open: boolean; onOpenChange: (o: boolean) => void; status: BoostStatus }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Broker Boost"
      description={status.enabled ? `Broker Boost is on ${status.boostPercentage}%.` : 'Broker Boost is OFF.'}
      actions={<Button onClick={() => onOpenChange(false)}>Close</Button>}>
      <p>
        Broker Boost is a feature of your brokerage that raises agents&apos; scores. While it is on, your score counts
        {' '}{status.enabled ? `${status.boostPercentage}%` : 'a set percentage'} higher when referrals are matched to agents, so you can receive more referrals.
      </p>
      <p>Your brokerage administrator turns Broker Boost on or off. Keep your follow-ups up to date to make the most of it.</p>
    </Dialog>
  );
}
