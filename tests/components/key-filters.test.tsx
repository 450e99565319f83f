// @vitest-environment-options {"url":"http://agents.localhost/"}
import { render, screen as rtlScreen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import type { KeyFilter } from '../../src/ui/key-filters.ts';
import { TextField } from '../../src/ui/text-field.tsx';
import { renderApp } from '../setup/render-app.tsx';

function Field({ kind }: { kind: KeyFilter }) {
  const [value, setValue] = useState('');
  return <TextField label="Field" keyFilter={kind} value={value} onChange={(e) => setValue(e.target.value)} />;
}

describe('key filters (spec 1 section 5)', () => {
  it("the agent host's login phone field takes one plus and no letters, typed or pasted", async () => {
    const { screen, user } = await renderApp('/login');
    const phone = await screen.findByRole('textbox', { name: 'Phone Number' });
    await user.type(phone, '+1+(555)x 010-0001');
    expect(phone).toHaveValue('+1(555) 010-0001');
    await user.clear(phone);
    await user.click(phone);
    await user.paste('++1 555 abc 010 0001');
    expect(phone).toHaveValue('+1 555  010 0001');
  });

  it.each([
    ['numeric', '1a2.3.4', '12.34'],
    ['phone', '++1 (555) x', '+1 (555) '],
    ['name', "Anne-Marie O'Neil 3", "Anne-Marie O'Neil "],
    ['name', 'D’Angelo St. Zoë\u0301 R2', 'D’Angelo St. Zoë\u0301 R'],
    ['digits', '04.1a01', '04101'],
  ] as const)('a %s field keeps only what it may hold, typed and pasted', async (kind, input, kept) => {
    const user = userEvent.setup();
    render(<Field kind={kind} />);
    const field = rtlScreen.getByRole('textbox', { name: 'Field' });
    await user.type(field, input);
    expect(field).toHaveValue(kept);
    await user.clear(field);
    await user.click(field);
    await user.paste(input);
    expect(field).toHaveValue(kept);
  });
});
