// The admin dashboards' charts (revenue, visits), fetched when a chart first renders: Chart.js and its React wrapper
// are about 60 KB of JavaScript, and every page stays within 100 KB at load (issue 39). Each chart sits in a box of
// fixed height and its figures are in the table or list beside it, so nothing moves and nothing is missing meanwhile.
import { lazy, Suspense } from 'react';
import type { ChartProps } from 'react-chartjs-2';

const charts = () => import('./chart-js');
const LazyBar = lazy(() => charts().then((m) => ({ default: m.Bar })));
const LazyDoughnut = lazy(() => charts().then((m) => ({ default: m.Doughnut })));
const LazyLine = lazy(() => charts().then((m) => ({ default: m.Line })));

type Props<T extends 'bar' | 'doughnut' | 'line'> = Omit<ChartProps<T>, 'type'>;

export function Bar(props: Props<'bar'>) {
  return (
    <Suspense fallback={null}>
      <LazyBar {...props} />
    </Suspense>
  );
}

export function Doughnut(props: Props<'doughnut'>) {
  return (
    <Suspense fallback={null}>
      <LazyDoughnut {...props} />
    </Suspense>
  );
}

export function Line(props: Props<'line'>) {
  return (
    <Suspense fallback={null}>
      <LazyLine {...props} />
    </Suspense>
  );
}
