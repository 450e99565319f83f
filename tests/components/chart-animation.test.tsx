import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarChart } from '../../src/ui/bar-chart.tsx';

const stubMatchMedia = window.matchMedia;
const withReducedMotion = (reduce: boolean) => {
  window.matchMedia = (query: string) => (query.includes('prefers-reduced-motion')
    ? { ...stubMatchMedia(query), matches: reduce } : stubMatchMedia(query));
};

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); window.matchMedia = stubMatchMedia; });

const barWidth = (container: HTMLElement) => Number(container.querySelectorAll('rect')[1]!.getAttribute('width'));
const chart = () => render(<BarChart label="Leads" rows={[{ key: 'a', label: 'A', value: 10 }]} />);

describe('chart animation (spec 2 section 9)', () => {
  it('waits 300 ms, then grows the bars a tick every 5 ms', () => {
    withReducedMotion(false);
    const { container } = chart();
    expect(barWidth(container)).toBe(0);
    act(() => { vi.advanceTimersByTime(299); });
    expect(barWidth(container)).toBe(0);
    act(() => { vi.advanceTimersByTime(1 + 5); });
    const oneTick = barWidth(container);
    expect(oneTick).toBeGreaterThan(0);
    act(() => { vi.advanceTimersByTime(5); });
    expect(barWidth(container)).toBeCloseTo(oneTick * 2);
    act(() => { vi.advanceTimersByTime(1000); });
    expect(barWidth(container)).toBe(100);
  });

  it('draws the chart whole at once when the user prefers reduced motion', () => {
    withReducedMotion(true);
    const { container } = chart();
    expect(barWidth(container)).toBe(100);
  });
});
