import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { NAME_REFUSAL } from '../../src/ui/text-field.tsx';
import { renderApp } from '../setup/render-app.tsx';

// A name field leaves out digits and emoji, and says so rather than dropping them without a word.

describe('a name field', () => {
  it('says why a digit or an emoji was left out, until the next change keeps everything', async () => {
    const { screen, user } = await renderApp('/console/my-agents?invite=true', { as: 'broker@demo.test' });
    const dialog = await screen.findByRole('dialog', { name: 'Invite Agents' }, { timeout: 30_000 });
    const first = within(dialog).getByRole('textbox', { name: 'First Name' });
    await user.type(first, 'Ann3');
    expect(first).toHaveValue('Ann');
    expect(within(dialog).getByText(NAME_REFUSAL)).toBeInTheDocument();
    expect(first).toHaveAccessibleDescription(NAME_REFUSAL);
    await user.type(first, 'a');
    expect(first).toHaveValue('Anna');
    expect(within(dialog).queryByText(NAME_REFUSAL)).toBeNull();
  }, 60_000);
});
