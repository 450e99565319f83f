import type { ReactNode } from 'react';

import { WidgetCard as SharedWidgetCard } from '../../ui/widget-card.tsx';
import { WIDGETS, type WidgetId } from './widget-info.ts';

export { CardState } from '../../ui/widget-card.tsx';

export interface WidgetCardProps {
  id: WidgetId;
  /** Columns of the 12-column grid (one column on phones). */
  span: 4 | 8;
  children: ReactNode;
  /** Visually greyed teaser cards stay named by their title. */
  className?: string;
}

/** A dashboard card (src/ui/widget-card.tsx) titled and explained by widget-info.ts. */
export function WidgetCard({ id, span, children, className }: WidgetCardProps) {
  const { title, info } = WIDGETS[id];
  return (
    <SharedWidgetCard title={title} info={info} span={span} className={className} widget={id}>
      {children}
    </SharedWidgetCard>
  );
}
