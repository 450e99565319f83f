import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import * as styles from './dialog.css.ts';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  wide?: boolean;
  /** Dialogs that must be answered (still there?) do not close on Escape or outside clicks. */
  modalLocked?: boolean;
}

/** A modal dialog named by its title (role "dialog"). */
export function Dialog({ open, onOpenChange, title, description, children, actions, wide, modalLocked }: DialogProps) {
  const block = (e: Event) => { if (modalLocked) e.preventDefault(); };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={[styles.content, wide ? styles.wide : ''].join(' ')}
          onEscapeKeyDown={block} onPointerDownOutside={block} onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}>
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>}
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
