// One colour per source device (the seeds' a, b, c, … each have their own), readable on light and dark.

import { interpolateRainbow } from 'd3-scale-chromatic';

const TEN = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

/** Rainbows by device count, each colour made once: cells and messages ask for theirs at every step. */
const rainbows = new Map<number, string[]>();

export function deviceColor(device: number, devices: number): string {
  if (devices <= TEN.length) return TEN[device % TEN.length];
  let colors = rainbows.get(devices);
  if (!colors) rainbows.set(devices, (colors = []));
  return (colors[device] ??= interpolateRainbow((device + 0.5) / devices));
}
