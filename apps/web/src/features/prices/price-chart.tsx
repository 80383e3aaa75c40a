// The price-history chart (issue 12, item 3; docs/decisions/0012-price-chart.md): uPlot draws one
// stepped line per store in its chain's colour, the year's low as a ringed point, and reports the
// moment under the pointer, a finger or the arrow keys so the drawer can read it out. This module
// (and uPlot with it) is its own chunk, fetched only when a product drawer shows a chart.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useShowsDark } from '../theme/theme.js';
import { type ChartLine, darkTheme, lineLooks, themeVariable } from './chart-looks.js';
import { DAY_MS, type HistorySeries, type LowPoint } from './history-series.js';

const HEIGHT = 190;
/** uPlot's own 10 px labels were faint; 12 px, medium weight, in the page's text colour. */
const AXIS_FONT = '500 12px system-ui, sans-serif';
const axisDate = new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'short' });
const axisMoney = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

export interface PriceChartProps {
  series: HistorySeries;
  low: LowPoint | null;
  /** The moment (epoch ms) under the pointer, finger or keyboard; null when the pointer leaves. */
  onReadout(time: number | null): void;
  label: string;
  /** The readout in words at the moment shown, which a screen reader announces as the value. */
  valueText: string;
}

export default function PriceChart({ series, low, onReadout, label, valueText }: PriceChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const readout = useRef(onReadout);
  readout.current = onReadout;
  const cursorTime = useRef<number | null>(null);
  // The axis colours are read from the page when the chart is drawn: a theme chosen while it is
  // open (or the device switching) draws it again, else light-theme labels stayed on the dark
  // surface, barely readable (issue 37 item 2).
  const theme = useShowsDark();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the theme changes the colours it reads.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const looks = lineLooks(series.lines, themeVariable, darkTheme());
    const surface = themeVariable('--color-white') || '#fff';
    const text = getComputedStyle(element).color;
    const grid = 'rgba(120, 113, 108, 0.18)';
    const stepped = uPlot.paths.stepped?.({ align: 1 });

    // Pak'nSave lines get a wider black line underneath: data columns repeat for those.
    const columns: (number | null)[][] = [];
    const seriesOpts: uPlot.Series[] = [{}];
    series.lines.forEach((line, i) => {
      const look = looks[i] as ChartLine;
      const common = { paths: stepped, points: { show: false }, dash: look.dash, spanGaps: false };
      if (look.edged) {
        columns.push(line.values);
        seriesOpts.push({ ...common, label: `${line.store.name} edge`, stroke: '#1c1917', width: 4.5 });
      }
      columns.push(line.values);
      seriesOpts.push({ ...common, label: line.store.name, stroke: look.colour, width: 2.5 });
    });
    const data = [series.xs.map((x) => x / 1000), ...columns] as uPlot.AlignedData;

    const drawLow = (u: uPlot) => {
      if (!low || low.at < series.from) return;
      const x = u.valToPos(low.at / 1000, 'x', true);
      const y = u.valToPos(low.price, 'y', true);
      const ratio = devicePixelRatio || 1;
      const { ctx } = u;
      ctx.save();
      ctx.beginPath();
      ctx.arc(x, y, 6 * ratio, 0, 2 * Math.PI);
      ctx.lineWidth = 2.5 * ratio;
      ctx.strokeStyle = text;
      ctx.fillStyle = surface;
      ctx.fill();
      ctx.stroke();
      ctx.font = `600 ${12 * ratio}px system-ui, sans-serif`;
      ctx.fillStyle = text;
      const right = x < u.bbox.left + u.bbox.width / 2;
      ctx.textAlign = right ? 'left' : 'right';
      ctx.fillText(`Low ${axisMoney(low.price)}`, x + (right ? 10 : -10) * ratio, y + 18 * ratio);
      ctx.restore();
    };

    // Where the readout is pinned after a tap, drawn as a dashed line once uPlot hides its own.
    let pinned: number | null = null;
    let pinShown = false; // one redraw per pin, so a redraw's own cursor update cannot loop
    const drawPin = (u: uPlot) => {
      if (pinned === null || (u.cursor.left ?? -1) >= 0) return;
      const x = u.valToPos(pinned / 1000, 'x', true);
      const { ctx } = u;
      ctx.save();
      ctx.beginPath();
      ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.lineWidth = devicePixelRatio;
      ctx.strokeStyle = text;
      ctx.stroke();
      ctx.restore();
    };

    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false }, points: { show: false } },
        scales: {
          x: { time: true, range: [series.from / 1000, series.to / 1000] },
          y: {
            range: (_u, min, max) => {
              const lowest = Math.min(min, low?.price ?? min);
              const pad = Math.max(20, (max - lowest) * 0.25);
              return [Math.max(0, Math.floor((lowest - pad) / 10) * 10), Math.ceil((max + pad) / 10) * 10];
            },
          },
        },
        axes: [
          {
            stroke: text,
            font: AXIS_FONT,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: 30,
            space: 60,
            values: (_u, splits) => splits.map((s) => axisDate.format(s * 1000)),
          },
          {
            stroke: text,
            font: AXIS_FONT,
            grid: { stroke: grid, width: 1 },
            ticks: { show: false },
            size: 56,
            values: (_u, splits) => splits.map(axisMoney),
          },
        ],
        series: seriesOpts,
        hooks: {
          draw: [drawLow, drawPin],
          // uPlot hides its cursor (left < 0) when a tap's emulated mouse events end; the readout
          // stays until the next tap, and only a mouse leaving the chart clears it (below).
          setCursor: [
            (u) => {
              const left = u.cursor.left ?? -1;
              if (left >= 0) {
                pinned = Math.round(u.posToVal(left, 'x') * 1000);
                pinShown = false;
                readout.current(pinned);
              } else if (pinned !== null && !pinShown) {
                pinShown = true;
                u.redraw(false);
              }
            },
          ],
        },
      },
      data,
      element,
    );

    // A finger dragging along the chart moves the readout, as the mouse does.
    const follow = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch) return;
      const rect = plot.over.getBoundingClientRect();
      plot.setCursor({ left: touch.clientX - rect.left, top: touch.clientY - rect.top });
    };
    plot.over.addEventListener('touchstart', follow, { passive: true });
    plot.over.addEventListener('touchmove', follow, { passive: true });
    plot.over.addEventListener('pointerleave', (event) => {
      if (event.pointerType !== 'mouse') return;
      pinned = null;
      plot.redraw(false);
      readout.current(null);
    });

    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    plotRef.current = plot;
    return () => {
      plotRef.current = null;
      resize.disconnect();
      plot.destroy();
    };
  }, [series, low, theme]);

  // Arrow keys step through the days (a day at a time), Home and End jump to the window's edges.
  function onKeyDown(event: React.KeyboardEvent) {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1 };
    const current = cursorTime.current ?? series.to;
    let time: number | null = null;
    if (event.key in steps) time = current + (steps[event.key] as number) * DAY_MS;
    if (event.key === 'Home') time = series.from;
    if (event.key === 'End') time = series.to;
    if (time === null) return;
    event.preventDefault();
    time = Math.min(series.to, Math.max(series.from, time));
    cursorTime.current = time;
    const plot = plotRef.current;
    // Moving uPlot's cursor draws the crosshair there and reports the time through setCursor.
    if (plot) plot.setCursor({ left: plot.valToPos(time / 1000, 'x'), top: 0 });
    else readout.current(time);
  }

  return (
    // A slider over the days: arrow keys move through time, the readout is its value in words.
    <div
      ref={box}
      role="slider"
      aria-label={label}
      aria-valuemin={series.from}
      aria-valuemax={series.to}
      aria-valuenow={cursorTime.current ?? series.to}
      aria-valuetext={valueText}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onBlur={() => {
        cursorTime.current = null;
      }}
      data-price-chart
      className="w-full rounded-lg text-stone-800"
      style={{ height: HEIGHT }}
    />
  );
}
