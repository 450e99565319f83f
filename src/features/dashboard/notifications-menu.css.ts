import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

const PHONE = '(max-width: 767.98px)';

export const wrap = style({ position: 'relative' });
export const badge = style({
  position: 'absolute',
  top: 4,
  right: 4,
  minWidth: 18,
  height: 18,
  borderRadius: 9,
  background: vars.color.danger,
  color: '#fff',
  fontSize: 11,
  lineHeight: '18px',
  textAlign: 'center',
  padding: '0 4px',
  pointerEvents: 'none',
});

// A drop-down under the bell on wider screens. Below 768 px the bell sits near the top bar's right
// edge, so a 360 px panel hung from it would run off the left of a 360 px screen: there it is a sheet
// across the screen under the top bar, its height the screen's, scrolling inside.
export const panel = style({
  position: 'absolute',
  right: 0,
  top: '100%',
  zIndex: 20,
  width: 'min(380px, calc(100vw - 32px))',
  maxHeight: '70dvh',
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  marginTop: vars.space.xs,
  // The top bar's white text must not reach the panel.
  color: vars.color.text,
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.dialog,
  '@media': {
    [PHONE]: {
      position: 'fixed',
      top: vars.layout.topBar,
      left: vars.space.sm,
      right: vars.space.sm,
      width: 'auto',
      maxHeight: `calc(100dvh - ${vars.layout.topBar} - ${vars.space.md})`,
    },
  },
});
export const title = style({
  fontSize: vars.font.size.md,
  margin: 0,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
});
export const body = style({ overflowY: 'auto', minHeight: 0, padding: `0 ${vars.space.sm}` });
export const message = style({
  color: vars.color.muted,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0 });
export const row = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  minHeight: 48,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  color: 'inherit',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&:hover': { background: vars.color.greySoft },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});
export const rowTitle = style({ fontWeight: 600, color: vars.color.primaryDark });
export const meta = style({ color: vars.color.muted, fontSize: vars.font.size.sm });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.greySoft}`,
});
export const seeAll = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  padding: `0 ${vars.space.sm}`,
  fontWeight: 600,
  color: vars.color.primaryDark,
});
