import { type CSSProperties, memo } from 'react';

/** One measured series of a chart: the row field it reads, its name in the legend, its colour (any CSS colour). */
export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}

export interface DayChartProps {
  /** One row per day (or any band on the x axis), in order. */
  data: Record<string, unknown>[];
  /** The row field holding the x axis label of the row (e.g. "12 Nov"). */
  dataKey: string;
  series: ChartSeries[];
  /** Bars side by side in each band, or lines through the bands' centres. */
  kind: 'bar' | 'line';
  /** The whole chart's height in pixels, axes and legend included: it keeps this size whatever the data. */
  h: number;
  xAxisLabel: string;
  yAxisLabel: string;
  /** The y axis's tick labels and the tooltips' values (default: the number in the browser's format). */
  valueFormatter?: (value: number) => string;
  withLegend?: boolean;
  /** A dot on each day of a line. */
  withDots?: boolean;
}

const LEGEND = 24;
const X_TICKS = 22;
const X_TITLE = 18;
const LINE_HEIGHT = 14;
const AXIS = 'var(--mantine-color-gray-5)';
const GRID = 'var(--mantine-color-gray-3)';
/** At most this many x axis labels, whatever the number of days. */
const MAX_X_LABELS = 6;

/**
 * "Nice" y axis ticks from 0 up to at least `max`: about four steps of 1, 2, 2.5 or 5 times a power of
 * ten (whole steps when every value is whole).
 */
export function niceTicks(max: number, integers: boolean, steps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw && (!integers || Number.isInteger(s))) ?? Math.ceil(raw);
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; i * step <= top + step / 1e6; i++) ticks.push(Math.round(i * step * 1e6) / 1e6);
  return ticks;
}

const numberOf = (row: Record<string, unknown>, key: string) => {
  const value = row[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/**
 * A chart of values per day with both axes, their titles, tick labels, horizontal grid lines and a
 * tooltip per day: plain SVG and CSS, laid out by the browser (the bands are percentages of the width),
 * so it needs no measuring, no chart library and no render after the first.
 */
export const DayChart = memo(function DayChart({
  data,
  dataKey,
  series,
  kind,
  h,
  xAxisLabel,
  yAxisLabel,
  valueFormatter = (n) => n.toLocaleString(),
  withLegend = false,
  withDots = false,
}: DayChartProps) {
  const n = Math.max(1, data.length);
  const values = data.flatMap((row) => series.map((s) => numberOf(row, s.key)));
  const ticks = niceTicks(Math.max(0, ...values), values.every(Number.isInteger));
  const top = ticks[ticks.length - 1] ?? 1;
  const plotHeight = h - (withLegend ? LEGEND : 0) - X_TICKS - X_TITLE;
  const every = Math.ceil(n / MAX_X_LABELS);
  const centre = (i: number) => ((i + 0.5) / n) * 100;
  const yOf = (value: number) => top - value;
  const label = (row: Record<string, unknown>) => String(row[dataKey] ?? '');
  const barWidth = 0.7 / series.length;

  const grid: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: `${LINE_HEIGHT + 4}px auto minmax(0, 1fr)`,
    gridTemplateRows: `${withLegend ? `${LEGEND}px ` : ''}${plotHeight}px ${X_TICKS}px ${X_TITLE}px`,
    gridTemplateAreas: `${withLegend ? '". . legend" ' : ''}"ytitle yticks plot" ". . xticks" ". . xtitle"`,
    height: h,
    fontSize: 11,
    lineHeight: `${LINE_HEIGHT}px`,
    color: 'var(--mantine-color-dimmed)',
  };

  return (
    <div style={grid} data-chart={kind}>
      {withLegend && (
        <div style={{ gridArea: 'legend', display: 'flex', gap: 12, justifyContent: 'center', alignItems: 'center' }}>
          {series.map((s) => (
            <span key={s.key} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
              <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: s.color }} />
              {s.label}
            </span>
          ))}
        </div>
      )}
      <div style={{ gridArea: 'plot', position: 'relative', borderLeft: `1px solid ${AXIS}`, borderBottom: `1px solid ${AXIS}` }}>
        <svg
          viewBox={`0 0 ${n} ${top}`}
          preserveAspectRatio="none"
          width="100%"
          height="100%"
          style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
          aria-hidden
        >
          {ticks.slice(1).map((t) => (
            <line key={t} x1={0} x2={n} y1={yOf(t)} y2={yOf(t)} stroke={GRID} strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          ))}
          {kind === 'bar' &&
            data.map((row, i) =>
              series.map((s, j) => {
                const v = Math.max(0, numberOf(row, s.key));
                return (
                  <rect
                    key={`${label(row)}:${s.key}`}
                    data-series={s.key}
                    x={i + 0.15 + j * barWidth}
                    width={barWidth}
                    y={yOf(v)}
                    height={v}
                    fill={s.color}
                  />
                );
              }),
            )}
          {kind === 'line' &&
            series.map((s) => (
              <polyline
                key={s.key}
                data-series={s.key}
                points={data.map((row, i) => `${i + 0.5},${yOf(numberOf(row, s.key))}`).join(' ')}
                fill="none"
                stroke={s.color}
                strokeWidth={2}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
        </svg>
        {/* Dots and the days' tooltips: in pixels over percentages, so a round dot stays round. */}
        <svg width="100%" height="100%" style={{ position: 'absolute', inset: 0, overflow: 'visible' }}>
          <title>{`${series.map((s) => s.label).join(' and ')} per ${xAxisLabel.toLowerCase()}`}</title>
          {kind === 'line' &&
            withDots &&
            series.flatMap((s) =>
              data.map((row, i) => (
                <circle
                  key={`${label(row)}:${s.key}`}
                  cx={`${centre(i)}%`}
                  cy={`${(yOf(numberOf(row, s.key)) / top) * 100}%`}
                  r={2.5}
                  fill={s.color}
                  aria-hidden
                />
              )),
            )}
          {data.map((row, i) => (
            <rect key={label(row)} x={`${(i / n) * 100}%`} width={`${100 / n}%`} y={0} height="100%" fill="transparent">
              <title>{`${label(row)}: ${series.map((s) => `${s.label} ${valueFormatter(numberOf(row, s.key))}`).join(', ')}`}</title>
            </rect>
          ))}
        </svg>
      </div>
      <div style={{ gridArea: 'xticks', position: 'relative' }}>
        {data.map((row, i) =>
          i % every === 0 ? (
            <span
              key={label(row)}
              style={{
                position: 'absolute',
                left: `${centre(i)}%`,
                transform: 'translateX(-50%)',
                whiteSpace: 'nowrap',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
              }}
            >
              <span aria-hidden style={{ width: 1, height: 4, background: AXIS }} />
              {label(row)}
            </span>
          ) : null,
        )}
      </div>
      <div style={{ gridArea: 'xtitle', textAlign: 'center' }}>{xAxisLabel}</div>
      <div
        style={{
          gridArea: 'yticks',
          display: 'flex',
          flexDirection: 'column-reverse',
          justifyContent: 'space-between',
          margin: `-${LINE_HEIGHT / 2}px 0`,
          textAlign: 'right',
        }}
      >
        {ticks.map((t) => (
          <span key={t} style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 2, whiteSpace: 'nowrap' }}>
            {valueFormatter(t)}
            <span aria-hidden style={{ width: 4, height: 1, background: AXIS }} />
          </span>
        ))}
      </div>
      <div
        style={{
          gridArea: 'ytitle',
          writingMode: 'vertical-rl',
          transform: 'rotate(180deg)',
          textAlign: 'center',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
        }}
      >
        {yAxisLabel}
      </div>
    </div>
  );
});
