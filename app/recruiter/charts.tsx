import type { ReactNode } from "react";

/**
 * Server-rendered SVG bar charts (docs/decisions/155): no JavaScript, no chart library.
 * The SVG is one image (role="img", named by the figure's caption); its numbers are in the table
 * next to it, which is what a screen reader reads. Bars are sized against the largest value, so a
 * chart of zeros draws no bars rather than dividing by zero.
 */
export interface Bar {
  label: string;
  value: number;
}

const BAR_HEIGHT = 22;
const GAP = 8;
const LABEL_WIDTH = 150;
const VALUE_WIDTH = 60;
const WIDTH = 600;

/** Horizontal bars: one row per label (the states of the assignments). */
export function HorizontalBarChart({ id, bars }: { id: string; bars: Bar[] }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const plot = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const height = bars.length * (BAR_HEIGHT + GAP) + GAP;
  return (
    <svg
      className="chart-svg"
      role="img"
      aria-labelledby={`${id}-title`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="xMinYMin meet"
    >
      {bars.map((bar, index) => {
        const y = GAP + index * (BAR_HEIGHT + GAP);
        const width = max > 0 ? Math.round((bar.value / max) * plot) : 0;
        return (
          <g key={bar.label}>
            <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="middle" className="chart-label">
              {bar.label}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} className={`chart-bar chart-bar-${index}`} />
            <text x={LABEL_WIDTH + width + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" className="chart-value">
              {bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Columns over a scale (the norm values 1–9): one column per label, the axis below. */
export function ColumnChart({ id, bars }: { id: string; bars: Bar[] }) {
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const plotHeight = 160;
  const top = 20;
  const columnWidth = (WIDTH - 2 * GAP) / Math.max(1, bars.length);
  const height = top + plotHeight + 28;
  return (
    <svg
      className="chart-svg"
      role="img"
      aria-labelledby={`${id}-title`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <line x1={GAP} x2={WIDTH - GAP} y1={top + plotHeight} y2={top + plotHeight} className="chart-axis" />
      {bars.map((bar, index) => {
        const barHeight = max > 0 ? Math.round((bar.value / max) * plotHeight) : 0;
        const x = GAP + index * columnWidth;
        return (
          <g key={bar.label}>
            <rect
              x={x + 4}
              y={top + plotHeight - barHeight}
              width={columnWidth - 8}
              height={barHeight}
              className="chart-bar chart-bar-column"
            />
            <text x={x + columnWidth / 2} y={top + plotHeight - barHeight - 6} textAnchor="middle" className="chart-value">
              {bar.value}
            </text>
            <text x={x + columnWidth / 2} y={top + plotHeight + 18} textAnchor="middle" className="chart-label">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A chart with its title and its table: the figure's caption names the image, the table (with its
 * own caption and headers) holds the same numbers as text.
 */
export function ChartFigure({
  id,
  title,
  chart,
  labelHeader,
  valueHeader,
  bars,
  extra,
}: {
  id: string;
  title: string;
  chart: ReactNode;
  labelHeader: string;
  valueHeader: string;
  bars: Bar[];
  extra?: ReactNode;
}) {
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart-title">
        {title}
      </figcaption>
      <div className="chart-body">
        <div className="chart-image">{chart}</div>
        <div className="table-scroll chart-table">
          <table className="recruiter-table" id={`${id}-table`}>
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {extra}
    </figure>
  );
}
