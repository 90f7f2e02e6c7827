import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DayChart, niceTicks } from '../src/kit/day-chart';

const days = [
  { label: '1 Nov', revenue: 120, visitors: 10, orders: 2 },
  { label: '2 Nov', revenue: 0, visitors: 4, orders: 0 },
  { label: '3 Nov', revenue: 310, visitors: 12, orders: 3 },
];

describe('niceTicks', () => {
  it('steps of 1, 2, 2.5 or 5 times a power of ten from 0 past the largest value', () => {
    expect(niceTicks(310, true)).toEqual([0, 100, 200, 300, 400]);
    expect(niceTicks(12, true)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(1.3, false)).toEqual([0, 0.5, 1, 1.5]);
    expect(niceTicks(9, false)).toEqual([0, 2.5, 5, 7.5, 10]);
  });

  it('whole steps for counts, and a 0–1 axis when there is nothing', () => {
    expect(niceTicks(3, true)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, true)).toEqual([0, 1]);
  });
});

describe('DayChart', () => {
  it('draws a bar per day with both axes titled and the y axis ticks formatted', () => {
    const { container } = render(
      <DayChart
        kind="bar"
        h={220}
        data={days}
        dataKey="label"
        series={[{ key: 'revenue', label: 'Revenue', color: 'red' }]}
        xAxisLabel="Day"
        yAxisLabel="Revenue (INR)"
        valueFormatter={(n) => `₹${n}`}
      />,
    );
    expect(container.querySelectorAll('rect[data-series="revenue"]')).toHaveLength(3);
    expect(screen.getByText('Day')).toBeInTheDocument();
    expect(screen.getByText('Revenue (INR)')).toBeInTheDocument();
    for (const tick of ['₹0', '₹100', '₹200', '₹300', '₹400']) expect(screen.getByText(tick)).toBeInTheDocument();
    // The tallest bar reaches 310 of the axis's 400.
    const third = container.querySelectorAll('rect[data-series="revenue"]')[2];
    expect(Number(third.getAttribute('height'))).toBe(310);
    expect(Number(third.getAttribute('y'))).toBe(90);
    // Each day's values as its tooltip.
    expect(container.textContent).toContain('3 Nov: Revenue ₹310');
  });

  it('draws a line per series with a legend, and dots only when asked', () => {
    const props = {
      kind: 'line' as const,
      h: 220,
      data: days,
      dataKey: 'label',
      series: [
        { key: 'visitors', label: 'Visitors', color: 'blue' },
        { key: 'orders', label: 'Paid orders', color: 'teal' },
      ],
      xAxisLabel: 'Day',
      yAxisLabel: 'Count',
      withLegend: true,
    };
    const { container, rerender } = render(<DayChart {...props} />);
    const lines = container.querySelectorAll('polyline[data-series]');
    expect([...lines].map((l) => l.getAttribute('data-series'))).toEqual(['visitors', 'orders']);
    // Through the days' centres, at their values on an axis up to 15.
    expect(lines[0].getAttribute('points')).toBe('0.5,5 1.5,11 2.5,3');
    expect(screen.getByText('Visitors')).toBeInTheDocument();
    expect(screen.getByText('Paid orders')).toBeInTheDocument();
    expect(container.querySelectorAll('circle')).toHaveLength(0);
    rerender(<DayChart {...props} withDots />);
    expect(container.querySelectorAll('circle')).toHaveLength(6);
    expect(container.textContent).toMatch(/Day.*Count/);
  });
});
