import { useId, useState, type ReactNode } from 'react';

import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Icon } from './icons.tsx';
import { Card } from './layout.tsx';
import * as styles from './widget-card.css.ts';

export interface WidgetCardProps {
  title: string;
  /** What the info button's dialog explains. */
  info: string;
  /** Columns of the 12-column grid (one column on phones). */
  span: 4 | 8;
  children: ReactNode;
  /** Visually greyed teaser cards stay named by their title. */
  className?: string | undefined;
  /** A data-widget attribute, for tests and analytics. */
  widget?: string;
}

/** An overview card: a titled region with an info button that opens a dialog named after the widget. */
export function WidgetCard({ title, info, span, children, className, widget }: WidgetCardProps) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  // The info dialog mounts when first opened (then stays, for its closing animation): sixteen closed
  // dialogs were rendered and committed with the overview's first frame for nothing.
  const [mounted, setMounted] = useState(false);
  return (
    <Card
      className={[styles.card, span === 8 ? styles.span8 : styles.span4, className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
      data-widget={widget}
    >
      <div className={styles.cardHeader}>
        <h2 id={headingId} className={styles.cardTitle}>
          {title}
        </h2>
        <Button
          variant="icon"
          aria-label={`About ${title}`}
          aria-haspopup="dialog"
          onClick={() => {
            setMounted(true);
            setOpen(true);
          }}
        >
          <Icon name="info" size={20} />
        </Button>
      </div>
      {children}
      {mounted && (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={title}
          actions={
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
          }
        >
          <p className={styles.infoText}>{info}</p>
        </Dialog>
      )}
    </Card>
  );
}

/** Loading, failed or empty states inside a card. */
export function CardState({ children }: { children: ReactNode }) {
  return <p className={styles.muted}>{children}</p>;
}

/** The overview's 12-column grid. */
export function WidgetGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
