import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { withBreakPoints } from '../../src/ui/break-points.tsx';

describe('withBreakPoints', () => {
  it.each([
    ['ella.nguyen@harbor.example', 'ella<wbr>.nguyen@<wbr>harbor<wbr>.example'],
    ['a@b.co', 'a@<wbr>b<wbr>.co'],
  ])('lets %s break only after its @ and before its dots', (address, html) => {
    const { container } = render(<span>{withBreakPoints(address)}</span>);
    expect(container.firstElementChild!.innerHTML).toBe(html);
    expect(container.textContent).toBe(address);
  });

  it.each(['Scarlett Reyes', 'not an @address', 'v1.2', ''])('leaves %j as it is', (text) => {
    expect(withBreakPoints(text)).toBe(text);
  });
});
