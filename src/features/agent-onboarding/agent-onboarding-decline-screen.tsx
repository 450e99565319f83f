import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';

import { declineInvitation, invitationQueryOptions } from '../../api/potential-agents.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/layout.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import * as css from './onboarding.css.ts';

/** Declining an agent invitation: asks once, then says it is done. */
export function AgentOnboardingDeclineScreen({ params }: { params: Record<string, string> }) {
  const code = params['inviteCode'] ?? '';
  const invitation = useQuery({ ...invitationQueryOptions(code), enabled: code !== '' });
  const [state, setState] = useState<'ask' | 'busy' | 'done'>('ask');
  const [failure, setFailure] = useState<string>();
  const decline = async () => {
    setState('busy');
    try {
      await declineInvitation(code);
      setState('done');
    } catch (err) {
      setFailure(err instanceof Error && err.message ? err.message : 'Whoops, Something went wrong. Try again.');
      setState('ask');
    }
  };
  return (
    <main className={css.page}>
      <Card className={css.card}>
        <h1 className={css.title}>Decline Invitation</h1>
        {state === 'done' ? (
          <p role="status">You declined the invitation. Nothing else is needed.</p>
        ) : invitation.isError ? (
          <p role="alert">{invitation.error.message}</p>
        ) : !invitation.data ? (
          <Skeleton label="Loading invitation" shape="record" />
        ) : (
          <>
            <p>
              Decline the invitation from <strong>{invitation.data.brokerageName}</strong>?
            </p>
            {failure && <p role="alert">{failure}</p>}
            <Button
              variant="danger"
              disabled={state === 'busy'}
              onClick={() => {
                void decline();
              }}
            >
              Decline Invitation
            </Button>
            <p>
              <Link href={`/agent-onboarding/${encodeURIComponent(code)}`}>Accept instead</Link>
            </p>
          </>
        )}
      </Card>
    </main>
  );
}
