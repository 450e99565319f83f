import type { ReactNode } from 'react';

import { IMPERSONATE_FIRST, useBrokerageScope } from '../session/brokerage-scope.ts';
import { mutedText, Page } from '../ui/layout.tsx';

/**
 * A broker-admin screen's content, or, for staff who are not impersonating a brokerage (whose calls
 * have no brokerage to read and would come back "The query is not valid"), the sentence saying how to see it.
 */
export function BrokerageOnly({ title, children }: { title: string; children: ReactNode }) {
  const brokerageId = useBrokerageScope();
  if (brokerageId === null)
    return (
      <Page title={title}>
        <p className={mutedText}>{IMPERSONATE_FIRST}</p>
      </Page>
    );
  return <>{children}</>;
}
