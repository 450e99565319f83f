import { Link } from 'wouter';

import { Button, buttonClass } from '../../ui/button.tsx';
import { useDashboard } from './dashboard-context.ts';
import * as styles from './dashboard.css.ts';
import { useContactSales } from './use-contact-sales.ts';
import { WidgetCard } from './widget-card.tsx';
import { WIDGETS } from './widget-info.ts';

/** Call to action: IRIS for a brokerage without it (the contact-sales inquiry), otherwise inviting agents. */
export function CallToActionWidget() {
  const { leadGenius } = useDashboard();
  const { send, pending } = useContactSales();
  if (leadGenius) {
    return (
      <WidgetCard id="inviteAgents" span={4}>
        <p className={styles.infoText}>Every agent you add can accept referrals and IRIS leads sooner.</p>
        <div className={styles.footer}>
          <Link href="/console/my-agents?invite=true" className={buttonClass('primary')}>
            Invite New Agents
          </Link>
        </div>
      </WidgetCard>
    );
  }
  const { title } = WIDGETS.callToAction;
  return (
    <WidgetCard id="callToAction" span={4}>
      <p className={styles.infoText}>
        IRIS sends your brokerage qualified leads and tracks every step from first response to closing.
      </p>
      <div className={styles.footer}>
        <Button onClick={() => send(title)} disabled={pending} aria-label={`Contact Sales about ${title}`}>
          Contact Sales
        </Button>
      </div>
    </WidgetCard>
  );
}
