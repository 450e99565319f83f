import type { ReactNode } from 'react';

import { BarChart } from '../../ui/bar-chart.tsx';
import { Button } from '../../ui/button.tsx';
import { PieChart, seriesColor } from '../../ui/pie-chart.tsx';
import * as styles from './teaser.css.ts';
import { useContactSales } from './use-contact-sales.ts';
import { WidgetCard } from './widget-card.tsx';
import { WIDGETS, type WidgetId } from './widget-info.ts';

// Made-up figures behind the blur: decorative only (aria-hidden and inert), never real data.
const DUMMY_BARS = [
  ['Received', 120],
  ['Responded', 84],
  ['Qualified', 52],
  ['Assigned', 37],
  ['Closed', 9],
] as const;

function DummyContent({ kind }: { kind: 'bars' | 'pie' }) {
  return kind === 'pie' ? (
    <PieChart
      label="Sample"
      rows={DUMMY_BARS.map(([label, value], i) => ({
        key: label,
        label,
        value,
        color: seriesColor(i),
        valueText: String(value),
      }))}
    />
  ) : (
    <BarChart label="Sample" rows={DUMMY_BARS.map(([label, value]) => ({ key: label, label, value }))} />
  );
}

/** An IRIS widget for a brokerage without LeadGenius: blurred sample figures and a call to action. */
export function TeaserCard({ id, span, kind = 'bars' }: { id: WidgetId; span: 4 | 8; kind?: 'bars' | 'pie' }) {
  const { send, pending } = useContactSales();
  const { title } = WIDGETS[id];
  return (
    <WidgetCard id={id} span={span}>
      <div className={styles.wrap}>
        <div className={styles.blurred} aria-hidden="true" inert data-testid="teaser-dummy">
          <DummyContent kind={kind} />
        </div>
        <div className={styles.overlay}>
          <p className={styles.pitch}>See your real {title.toLowerCase()} with IRIS leads.</p>
          <Button onClick={() => send(title)} disabled={pending} aria-label={`Contact Sales about ${title}`}>
            Contact Sales
          </Button>
        </div>
      </div>
    </WidgetCard>
  );
}

/** Wraps an IRIS widget: hidden (Porchlight chosen), a teaser (no LeadGenius) or the widget itself. */
export function IrisWidget({
  id,
  span,
  kind,
  hidden,
  leadGenius,
  children,
}: {
  id: WidgetId;
  span: 4 | 8;
  kind?: 'bars' | 'pie';
  hidden: boolean;
  leadGenius: boolean;
  children: ReactNode;
}) {
  if (hidden) return null;
  return leadGenius ? children : <TeaserCard id={id} span={span} {...(kind ? { kind } : {})} />;
}
