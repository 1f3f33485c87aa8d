// The console's charts, loaded only by the pages that show one (the first load stays small): uPlot, a
// small, maintained chart library bundled here, so nothing comes from another site.
import uPlot from 'uplot';

export interface DailyChart {
  /** Unix seconds of each day's midnight (UTC). */
  days: number[];
  values: number[];
  label: string;
  width: number;
  height: number;
}

function draw(element: HTMLElement, chart: DailyChart): () => void {
  const plot = new uPlot(
    {
      width: chart.width,
      height: chart.height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { show: false },
      scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [
        { stroke: '#4f5a6b', grid: { show: false } },
        { stroke: '#4f5a6b', grid: { stroke: '#d6dbe3' } },
      ],
      series: [
        {},
        {
          label: chart.label,
          stroke: '#1f5fbf',
          fill: 'rgba(31, 95, 191, 0.35)',
          width: 1,
          points: { show: false },
          paths: uPlot.paths.bars!({ size: [0.7, 40] }),
        },
      ],
    },
    [chart.days, chart.values],
    element,
  );
  return () => plot.destroy();
}

(window as unknown as { chatbotOpsCharts: { draw: typeof draw } }).chatbotOpsCharts = { draw };
