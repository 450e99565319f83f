import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Card } from '../../ui/layout.tsx';
import { WIDGETS, type WidgetId } from './widget-info.ts';
import * as styles from './dashboard.css.ts';

export interface WidgetCardProps {
  id: WidgetId;
  /** Columns of the 12-column grid (one column on phones). */
  span: 4 | 8;
  children: ReactNode;
  /** Visually greyed teaser cards stay named by their title. */
  className?: string;
}

/** A dashboard card: a titled region with an info button that opens a dialog named after the widget. */
export function WidgetCard({ id, span, children, className }: WidgetCardProps) {
  const { title, info } = WIDGETS[id];
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <Card className={[styles.card, span === 8 ? styles.span8 : styles.span4, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId} data-widget={id}>
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>{title}</h2>
        <Button variant="icon" aria-label={`About ${title}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <Icon name="info" size={20} />
        </Button>
      </div>
      {children}
      <Dialog open={open} onOpenChange={setOpen} title={title}
        actions={<Button variant="secondary" onClick={() => setOpen(false)}>Close</Button>}>
        <p className={styles.infoText}>{info}</p>
      </Dialog>
    </Card>
  );
}

/** Loading, failed or empty states inside a card. */
export function CardState({ children }: { children: ReactNode }) {
  return <p className={styles.muted}>{children}</p>;
}
