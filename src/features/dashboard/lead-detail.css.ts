import { style } from '@vanilla-extract/css';

/** Spec 2: the dialog's body is 500 px high (less on short phone screens). */
export const body = style({ height: 'min(500px, 65dvh)', overflowY: 'auto' });
