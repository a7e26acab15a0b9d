// The metrics area: traffic and cost of the current schedule, the algorithm comparison, the timeline.
export { MetricsPanel } from './MetricsPanel';
export { CompareChart } from './CompareChart';
export { Timeline } from './Timeline';
