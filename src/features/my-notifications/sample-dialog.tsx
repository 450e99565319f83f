import { useState } from 'react';

import { sendSampleNotificationWrite } from '../../api/agent-notifications.ts';
import { ApiError } from '../../api/client.ts';
import { useWrite } from '../../api/write.ts';
import { Button } from '../../ui/button.tsx';
import { SelectField } from '../../ui/choice.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.tsx';

export interface AgentChoice {
  id: number;
  name: string;
}

/** Sends a sample notification to one agent, which shows in that agent's app. */
export function SampleDialog({
  open,
  onOpenChange,
  agents,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  agents: readonly AgentChoice[];
}) {
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string>();
  const snackbar = useSnackbar();
  const send = useWrite(sendSampleNotificationWrite, {
    onSuccess: (n) => {
      snackbar(`Sample notification sent to ${n.agentDisplayName ?? 'the agent'}.`);
      onOpenChange(false);
      setAgentId('');
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'An error occurred please try again.'),
  });
  const submit = () => {
    if (!agentId) {
      setError('Choose an agent');
      return;
    }
    setError(undefined);
    send.mutate(Number(agentId));
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) setError(undefined);
      }}
      title="Send Sample Notification"
      description="The agent receives a test notification in their app, so you can check notifications reach them."
      actions={
        <>
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button disabled={send.isPending} onClick={submit}>
            Send
          </Button>
        </>
      }
    >
      <SelectField label="Agent" value={agentId} error={error} onChange={(e) => setAgentId(e.target.value)}>
        <option value="">Choose an agent</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
    </Dialog>
  );
}
