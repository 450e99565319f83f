import { style, styleVariants } from '@vanilla-extract/css';

import { vars } from '../../ui/theme.css.ts';

// The content screens: the version diff and the simulator's results.
export const diff = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.size.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
const line = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', padding: `2px ${vars.space.sm}` });
export const diffLine = styleVariants({
  same: [line, { color: vars.color.text }],
  added: [line, { background: vars.color.successSoft, color: vars.color.success }],
  removed: [line, { background: vars.color.dangerSoft, color: vars.color.danger }],
});
export const twoColumns = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
});
export const check = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minHeight: '44px' });
export const match = style({ borderLeft: `4px solid ${vars.color.border}`, paddingLeft: vars.space.md });
export const best = style({ borderLeft: `4px solid ${vars.color.success}`, paddingLeft: vars.space.md });
