// The NCCL 2.4 lesson's figure: the post's two charts, latency and bus bandwidth against the GPU
// count, ring against double tree, from the lesson's settings (metrics/scale/ScaleCharts), kept side
// by side so both show on the lesson's first screen.

import type { ScaleFigures } from '../../core/model';
import { ScaleCharts } from '../metrics/scale/ScaleCharts';

export interface ScaleChartSlotProps {
  settings: ScaleFigures;
}

export function ScaleChartSlot({ settings }: ScaleChartSlotProps) {
  return <ScaleCharts figures={settings} together />;
}
