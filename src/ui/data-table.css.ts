import { globalStyle, keyframes, style, type StyleRule } from '@vanilla-extract/css';

import { vars } from './theme.css.ts';

/** Below 768 px (media.ts) a row is a card. */
const PHONE = 'screen and (max-width: 767.98px)';
type PhoneRule = NonNullable<StyleRule['@media']>[string];
const onPhone = (rule: PhoneRule): StyleRule => ({ '@media': { [PHONE]: rule } });

export const scroller = style({ overflowX: 'auto', width: '100%', position: 'relative' });
export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.size.sm,
  ...onPhone({ display: 'block' }),
});
// The header row stays (its sort buttons are still reachable) but unseen on a card list, until a
// keyboard reaches it: then it shows, wrapped, above the cards.
export const thead = style(
  onPhone({
    display: 'block',
    selectors: {
      // visually-hidden.css.ts's rule, which a selector cannot reuse by class name.
      '&:not(:focus-within)': {
        position: 'absolute',
        width: 1,
        height: 1,
        padding: 0,
        margin: -1,
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
        border: 0,
      },
    },
  }),
);
export const headRow = style(onPhone({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm }));
export const tbody = style(onPhone({ display: 'block' }));
// Headers and cells wrap between words; a word breaks only when it alone is wider than the whole
// column can be (break-word, unlike anywhere, keeps each word's width in the column's minimum, so the
// table never narrows a column into "Scarle/tt" while another has room).
export const th = style({
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `2px solid ${vars.color.border}`,
  fontWeight: 600,
  verticalAlign: 'bottom',
  overflowWrap: 'break-word',
  ...onPhone({ display: 'block', border: 'none', padding: 0 }),
});
export const td = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
  height: 44,
  overflowWrap: 'break-word',
  ...onPhone({ display: 'block', height: 'auto', padding: 0, border: 'none', minWidth: 0 }),
});
export const row = style(
  onPhone({
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: `${vars.space.sm} ${vars.space.md}`,
    padding: vars.space.md,
    marginBottom: vars.space.sm,
    border: `1px solid ${vars.color.border}`,
    borderRadius: 8,
  }),
);
// `/ ""`: the label is seen, not read (the header already names the cell); the plain value first
// for engines without alternative text on `content`.
const label: PhoneRule = {
  content: ['attr(data-label)', 'attr(data-label) / ""'],
  display: 'block',
  fontSize: '0.75rem',
  fontWeight: 600,
  color: vars.color.muted,
};
export const cardField = style(onPhone({ selectors: { '&::before': label } }));
export const cardTitle = style(onPhone({ gridColumn: '1 / -1', fontSize: vars.font.size.md, fontWeight: 600 }));
// The row's buttons at the card's foot, across the card and at full tap size.
export const cardActions = style(onPhone({ gridColumn: '1 / -1', order: 1 }));
export const actionsBox = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  ...onPhone({ gap: vars.space.sm }),
});
globalStyle(`${actionsBox} > button, ${actionsBox} > a`, onPhone({ minHeight: 44, minWidth: 44 }));
export const offCard = style(onPhone({ display: 'none' }));
export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 44,
  padding: 0,
  border: 'none',
  background: 'transparent',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.primaryDark,
  cursor: 'pointer',
  textAlign: 'left',
});
export const empty = style({
  padding: vars.space.lg,
  textAlign: 'center',
  color: vars.color.muted,
  ...onPhone({ display: 'block' }),
});
// A loading table keeps its text at full contrast (a dimmed table failed WCAG 1.4.3 while it
// loaded): a thin bar runs along its top edge instead, laid over it so nothing moves.
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
export const progress = style({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: 3,
  overflow: 'hidden',
  pointerEvents: 'none',
  selectors: {
    '&::after': {
      content: '""',
      position: 'absolute',
      top: 0,
      bottom: 0,
      left: 0,
      width: '40%',
      background: vars.color.primary,
      animation: `${slide} 1.1s ease-in-out infinite`,
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': { selectors: { '&::after': { animation: 'none', width: '100%' } } },
  },
});
// A table that, from 768 to 1199 px only, breaks words inside rather than scroll sideways (DataTable's
// breakWithin). Not wider: "anywhere" lets the table squeeze any column, breaking words it had room for.
export const breakWithin = style({});
globalStyle(`${breakWithin} th, ${breakWithin} td`, {
  '@media': { 'screen and (min-width: 768px) and (max-width: 1199.98px)': { overflowWrap: 'anywhere' } },
});
