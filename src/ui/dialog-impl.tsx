import * as RadixDialog from '@radix-ui/react-dialog';

import { Button } from './button.tsx';
import * as styles from './dialog.css.ts';
import { Icon } from './icons.tsx';
import { useIsMobile } from './media.ts';
import type { DialogProps, SheetProps } from './overlay-types.ts';
import * as sheetStyles from './sheet.css.ts';

// Radix's dialog (focus trap, scroll lock, outside-click layers: 39 kB of script) in a chunk of its
// own: src/ui/overlay-loader.ts loads it when a dialog or sheet first opens, or sooner.

/**
 * A modal dialog named by its title (role "dialog"). Below 768 px it fills the screen (dialog.css.ts)
 * and its title bar shows a Dismiss button, since a full-screen sheet has no outside to tap; a
 * dialog that must be answered has none. ("Dismiss", not "Close": many dialogs have a Close action.)
 */
export function RadixDialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  wide,
  modalLocked,
}: DialogProps) {
  const mobile = useIsMobile();
  const block = (e: Event) => {
    if (modalLocked) e.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={[styles.content, wide ? styles.wide : ''].join(' ')}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.titleBar}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          </div>
          {description && (
            <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description>
          )}
          {children}
          {actions && <div className={styles.actions}>{actions}</div>}
          {/* Last in the tab order, so opening still focuses the first field; drawn in the title bar. */}
          {mobile && !modalLocked && (
            <Button variant="icon" className={styles.dismiss} aria-label="Dismiss" onClick={() => onOpenChange(false)}>
              <Icon name="close" />
            </Button>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A side sheet (the navigation drawer on phones): modal, closes on Escape and outside taps. */
export function RadixSheetView({ open, onOpenChange, title, children }: SheetProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={sheetStyles.overlay} />
        <RadixDialog.Content className={sheetStyles.content} aria-describedby={undefined}>
          <RadixDialog.Title className={sheetStyles.hiddenTitle}>{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
