import * as RadixSwitch from '@radix-ui/react-switch';
import { useId } from 'react';
import * as styles from './switch.css.ts';

export interface SwitchProps {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
}

/** A labelled on/off switch (role "switch", named by its label). */
export function Switch({ label, checked, onCheckedChange, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className={styles.row}>
      <RadixSwitch.Root id={id} className={styles.root} checked={checked} onCheckedChange={onCheckedChange}
        {...(disabled !== undefined ? { disabled } : {})}>
        <RadixSwitch.Thumb className={styles.thumb} />
      </RadixSwitch.Root>
      <label htmlFor={id} className={styles.label}>{label}</label>
    </div>
  );
}
