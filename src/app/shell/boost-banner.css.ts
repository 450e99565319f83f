import { style } from '@vanilla-extract/css';

export const button = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: 44,
  cursor: 'pointer',
  fontWeight: 600,
  overflowWrap: 'anywhere',
  selectors: { '&:focus-visible': { outline: '3px solid currentColor', outlineOffset: '2px' } },
});

/** The banner's room while the status loads: laid out like the OFF banner, not shown. */
export const placeholder = style({ visibility: 'hidden' });
