import { style } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const item = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const unread = style({ borderLeft: `4px solid ${vars.color.primary}` });
export const high = style({ borderColor: vars.color.warning });
export const toggle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  width: '100%',
  padding: vars.space.md,
  background: 'none',
  border: 'none',
  textAlign: 'left',
  font: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  minHeight: 48,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: -2 } },
});
export const title = style({ flex: '1 1 200px', fontWeight: 600 });
export const titleUnread = style({ fontWeight: 800 });
export const date = style({ fontSize: vars.font.size.sm, color: vars.color.muted });
export const body = style({
  padding: `0 ${vars.space.md} ${vars.space.md}`,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
export const bodyActions = style({
  display: 'flex',
  gap: vars.space.sm,
  marginTop: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});
