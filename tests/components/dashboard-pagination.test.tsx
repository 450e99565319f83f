import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { initialPagination } from '../../src/lib/pagination.ts';
import { Pagination, usePagination } from '../../src/ui/pagination.tsx';

function Harness({ total, rowsType }: { total: number; rowsType: string }) {
  const [state, setState] = usePagination(total);
  return (
    <>
      <Pagination rowsType={rowsType} state={state} onChange={setState} />
      <output aria-label="page">{state.page}</output>
    </>
  );
}

describe('the pagination control', () => {
  it('starts on page 1 with 10 rows, offers 10, 20 and 40, and moves only within the pages', async () => {
    const user = userEvent.setup();
    render(<Harness total={45} rowsType="agents" />);
    const perPage = screen.getByRole('combobox', { name: 'Agents per page:' });
    expect(perPage).toHaveValue('10');
    expect(Array.from((perPage as HTMLSelectElement).options).map((o) => o.value)).toEqual(['10', '20', '40']);
    expect(screen.getByText('1 - 10 of 45 agents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    for (let i = 0; i < 4; i++) await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('41 - 45 of 45 agents')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('31 - 40 of 45 agents')).toBeInTheDocument();
  });

  it('goes back to page 1 when the rows per page change', async () => {
    const user = userEvent.setup();
    render(<Harness total={45} rowsType="agents" />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agents per page:' }), '20');
    expect(screen.getByLabelText('page')).toHaveTextContent('1');
    expect(screen.getByText('1 - 20 of 45 agents')).toBeInTheDocument();
  });

  it('shows a dash with nothing to page, and writes DNC and QA in capitals', () => {
    const { unmount } = render(<Harness total={0} rowsType="agents" />);
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    unmount();
    render(<Harness total={3} rowsType="dnc" />);
    expect(screen.getByRole('combobox', { name: 'DNC per page:' })).toBeInTheDocument();
    expect(screen.getByText('1 - 3 of 3 DNC')).toBeInTheDocument();
  });

  it('hides the size picker when only one size is offered', () => {
    function Fixed() {
      const [state, setState] = useState(initialPagination(12, 5));
      return <Pagination rowsType="qa" state={state} onChange={setState} rowsPerPageOptions={[5]} />;
    }
    render(<Fixed />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByText('1 - 5 of 12 QA')).toBeInTheDocument();
  });
});
