import { createVar, globalStyle, style } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

// Below 768 px a dialog is a full-screen sheet: the whole viewport, clear of the notch and
// the home indicator (safe-area insets), its title bar with a Dismiss button stuck to the top and its
// actions stuck to the bottom while the body scrolls between them. Wider screens keep the centred card.
const PHONE = 'screen and (max-width: 767.98px)';
const pad = createVar();
const phoneInline = (side: 'left' | 'right') => `max(${pad}, env(safe-area-inset-${side}))`;

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgba(0,0,0,.45)', zIndex: 50 });
export const content = style({
  vars: { [pad]: vars.space.lg },
  position: 'fixed',
  zIndex: 51,
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(92vw, 480px)',
  maxHeight: '90dvh',
  overflow: 'auto',
  background: vars.color.surface,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.dialog,
  padding: vars.space.lg,
  '@media': {
    [PHONE]: {
      vars: { [pad]: vars.space.md },
      inset: 0,
      transform: 'none',
      width: '100dvw',
      height: '100dvh',
      maxHeight: 'none',
      borderRadius: 0,
      boxShadow: 'none',
      display: 'flex',
      flexDirection: 'column',
      overflowX: 'hidden',
      overscrollBehavior: 'contain',
      paddingBlock: 0,
      paddingLeft: phoneInline('left'),
      paddingRight: phoneInline('right'),
    },
  },
});
// In the phone's column no part shrinks: the body scrolls instead.
globalStyle(`${content} > *`, { '@media': { [PHONE]: { flexShrink: 0 } } });
export const wide = style({ width: 'min(96vw, 1000px)', '@media': { [PHONE]: { width: '100dvw' } } });

/** The title (and, on a phone, the Dismiss button): a bar stuck to the top of the sheet. */
export const titleBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginBottom: vars.space.sm,
  '@media': {
    [PHONE]: {
      position: 'sticky',
      top: 0,
      zIndex: 1,
      background: vars.color.surface,
      borderBottom: `1px solid ${vars.color.border}`,
      marginLeft: `calc(-1 * ${phoneInline('left')})`,
      marginRight: `calc(-1 * ${phoneInline('right')})`,
      // Room on the right for the Dismiss button, which is drawn over the bar.
      paddingLeft: phoneInline('left'),
      paddingRight: `calc(${phoneInline('right')} + 44px)`,
      minHeight: 52,
      paddingTop: `max(${vars.space.xs}, env(safe-area-inset-top))`,
      paddingBottom: vars.space.xs,
      marginBottom: vars.space.md,
    },
  },
});
/** The phone's Dismiss button, drawn at the title bar's end (the sheet fills the viewport, so fixed is the bar). */
export const dismiss = style({
  position: 'fixed',
  zIndex: 2,
  top: `max(${vars.space.xs}, env(safe-area-inset-top))`,
  right: `max(${vars.space.xs}, env(safe-area-inset-right))`,
});
export const title = style({
  fontSize: vars.font.size.lg,
  margin: 0,
  flex: '1 1 auto',
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const description = style({ color: vars.color.muted, margin: `0 0 ${vars.space.md}` });
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  marginTop: vars.space.lg,
  flexWrap: 'wrap',
  '@media': {
    [PHONE]: {
      position: 'sticky',
      bottom: 0,
      zIndex: 1,
      marginTop: 'auto',
      background: vars.color.surface,
      borderTop: `1px solid ${vars.color.border}`,
      marginLeft: `calc(-1 * ${phoneInline('left')})`,
      marginRight: `calc(-1 * ${phoneInline('right')})`,
      paddingLeft: phoneInline('left'),
      paddingRight: phoneInline('right'),
      paddingTop: vars.space.sm,
      paddingBottom: `max(${vars.space.sm}, env(safe-area-inset-bottom))`,
    },
  },
});
// A sheet without actions ends with room above the home indicator.
globalStyle(`${content} > :last-child:not(${actions})`, {
  '@media': { [PHONE]: { marginBottom: `max(${vars.space.md}, env(safe-area-inset-bottom))` } },
});
