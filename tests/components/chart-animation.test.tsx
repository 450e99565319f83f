import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BarChart } from '../../src/ui/bar-chart.tsx';
import { growRight, growUp, sweepStroke } from '../../src/ui/chart-animation.css.ts';
import { CHART_ANIMATION_TIMING } from '../../src/ui/chart-animation.ts';
import { ColumnChart } from '../../src/ui/column-chart.tsx';
import { GaugeChart } from '../../src/ui/gauge-chart.tsx';
import { PieChart } from '../../src/ui/pie-chart.tsx';

// The charts grow as a CSS animation run by the browser (no React render per tick). jsdom runs no CSS:
// what the browser runs (timing, reduced motion) is proven in e2e (dashboard.both: document.getAnimations());
// here, that every chart is drawn at its final size and carries the animation's class.

describe('chart animation (spec 2 section 9)', () => {
  it('is 60 steps of 5 ms after a delay of 300 ms', () => {
    expect(CHART_ANIMATION_TIMING).toBe('300ms steps(60, end) 300ms both');
  });

  it('draws each bar at its final size, grown by a CSS animation that reduced motion turns off', () => {
    const { container } = render(
      <BarChart
        label="Leads"
        rows={[
          { key: 'a', label: 'A', value: 10 },
          { key: 'b', label: 'B', value: 5 },
        ]}
      />,
    );
    const bars = container.querySelectorAll('rect');
    expect(Number(bars[1]!.getAttribute('width'))).toBe(100);
    expect(Number(bars[3]!.getAttribute('width'))).toBe(50);
    expect(bars[1]!.classList).toContain(growRight);
    expect(bars[0]!.classList).not.toContain(growRight); // the track behind the bar stays still
  });

  it('grows columns from their foot and reveals the donut and the gauge along a masked stroke', () => {
    const column = render(
      <ColumnChart label="Closings" rows={[{ key: 'm1', label: 'Jan', value: 4, valueText: '4' }]} />,
    );
    const bar = column.container.querySelector('rect')!;
    expect(Number(bar.getAttribute('height'))).toBe(98);
    expect(bar.classList).toContain(growUp);

    const pie = render(
      <PieChart label="Sources" rows={[{ key: 'a', label: 'A', value: 3, valueText: '3', color: '#00796b' }]} />,
    );
    const pieMask = pie.container.querySelector('mask')!;
    expect(pie.container.querySelector(`g[mask="url(#${pieMask.id})"] path`)).not.toBeNull();
    const stroke = pieMask.querySelector('circle')!;
    expect(stroke.getAttribute('pathLength')).toBe('1');
    expect(stroke.classList).toContain(sweepStroke);

    const gauge = render(
      <GaugeChart label="Conversion" value={5} max={10} valueText="5%" color="#00796b" bands={[]} />,
    );
    const gaugeMask = gauge.container.querySelector('mask')!;
    expect(gauge.container.querySelector(`path[mask="url(#${gaugeMask.id})"]`)).not.toBeNull();
    expect(gaugeMask.querySelector('path')!.classList).toContain(sweepStroke);
    expect(gaugeMask.id).not.toBe(pieMask.id);
  });
});
