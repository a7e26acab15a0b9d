// The metrics area: traffic and cost of the current schedule, the algorithm comparison, the timeline.
export { MetricsPanel } from './MetricsPanel';
export { CompareChart } from './compare/CompareChart';
export { Timeline } from './timeline/Timeline';
