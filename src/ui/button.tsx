import type { ButtonHTMLAttributes } from 'react';

import * as styles from './button.css.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof styles.button;
}

export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return <button type={type} className={[styles.button[variant], className].filter(Boolean).join(' ')} {...rest} />;
}

export const buttonClass = (variant: keyof typeof styles.button = 'primary') => styles.button[variant];
