import { remindAgentWrite } from '../api/broker-referrals.ts';
import { useWrite } from '../api/write.ts';
import { Button } from '../ui/button.tsx';
import { useSnackbar } from '../ui/snackbar.tsx';

export interface RemindAgentButtonProps {
  agentId: number;
  referralId: number;
  agentName: string | null;
}

/**
 * Sends the referral's agent the overdue reminder, naming the referral. The server allows one per
 * referral per hour and says when the next may go (its message is shown as it comes).
 */
export function RemindAgentButton({ agentId, referralId, agentName }: RemindAgentButtonProps) {
  const snackbar = useSnackbar();
  const send = useWrite(remindAgentWrite(agentId, referralId), {
    onSuccess: () => {
      snackbar(`Reminder sent to ${agentName ?? 'the agent'}.`, { tone: 'success' });
    },
    onError: (err) => snackbar(err.message || 'An error occurred please try again.', { tone: 'error' }),
  });
  return (
    <Button variant="secondary" disabled={send.isPending || send.isSuccess} onClick={() => send.mutate()}>
      {send.isSuccess ? 'Reminder sent' : 'Remind agent'}
    </Button>
  );
}
