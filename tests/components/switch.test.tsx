import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { Switch } from '../../src/ui/switch.tsx';

// What Radix Switch would have given (docs/decisions/0041): the WAI-ARIA switch pattern, a name from
// the label, Space and Enter as well as a click and a click on the label, focusable, and no change
// while disabled.

function Harness({ disabled = false }: { disabled?: boolean }) {
  const [on, setOn] = useState(false);
  return <Switch label="Stay Logged In" checked={on} onCheckedChange={setOn} disabled={disabled} />;
}

describe('Switch (WAI-ARIA switch pattern)', () => {
  it('is a switch named by its label whose aria-checked follows a click, a click on the label, Space and Enter', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const sw = screen.getByRole('switch', { name: 'Stay Logged In' });
    expect(sw).toHaveAttribute('aria-checked', 'false');
    await user.click(sw);
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByText('Stay Logged In'));
    expect(sw).toHaveAttribute('aria-checked', 'false');
    sw.blur();
    await user.tab(); // the switch is in the Tab order
    expect(sw).toHaveFocus();
    await user.keyboard(' ');
    expect(sw).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{Enter}');
    expect(sw).toHaveAttribute('aria-checked', 'false');
  });

  it('does not change, nor take focus, while disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    const sw = screen.getByRole('switch', { name: 'Stay Logged In' });
    await user.click(sw);
    await user.tab();
    expect(sw).not.toHaveFocus();
    expect(sw).toHaveAttribute('aria-checked', 'false');
  });
});
