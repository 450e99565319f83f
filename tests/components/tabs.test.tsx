import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { Tabs, type TabItem } from '../../src/ui/tabs.tsx';

const ITEMS: TabItem[] = [
  { value: 'a', label: 'Alpha', content: <p>Alpha content</p> },
  { value: 'b', label: 'Beta', content: <p>Beta content</p> },
  { value: 'c', label: 'Gamma', content: <p>Gamma content</p> },
];

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')!;

describe('Tabs (WAI-ARIA Tabs pattern, automatic activation)', () => {
  it('names the tab list, ties each tab to its panel, and shows only the selected panel', () => {
    render(<Tabs label="Measures" items={ITEMS} />);
    expect(screen.getByRole('tablist', { name: 'Measures' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Alpha', 'Beta', 'Gamma']);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toHaveTextContent('Alpha content');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.queryByText('Beta content')).toBeNull();
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
  });

  it('moves and selects with the arrow keys (wrapping), Home and End, keeping one tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Measures" items={ITEMS} defaultValue="b" />);
    expect(selectedTab()).toHaveTextContent('Beta');
    await user.tab();
    expect(document.activeElement).toBe(selectedTab());
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('Gamma');
    expect(document.activeElement).toBe(selectedTab());
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Gamma content');
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('Alpha');
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('Gamma');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('Alpha');
    await user.keyboard('{End}');
    expect(selectedTab()).toHaveTextContent('Gamma');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('selects on click, and when controlled reports the choice and follows its value', async () => {
    const user = userEvent.setup();
    const heard = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('a');
      return (
        <Tabs
          label="Measures"
          items={ITEMS}
          value={value}
          onValueChange={(v) => {
            heard(v);
            if (v !== 'c') setValue(v);
          }}
        />
      );
    }
    render(<Controlled />);
    await user.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(heard).toHaveBeenLastCalledWith('b');
    expect(selectedTab()).toHaveTextContent('Beta');
    // The owner refuses Gamma: the tabs keep showing its value.
    await user.click(screen.getByRole('tab', { name: 'Gamma' }));
    expect(heard).toHaveBeenLastCalledWith('c');
    expect(selectedTab()).toHaveTextContent('Beta');
    // Clicking the selected tab reports nothing new.
    await user.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
