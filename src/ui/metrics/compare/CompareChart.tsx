// Model time of every all-reduce algorithm against device count and against message size, the current
// configuration marked, and a caption that says where tree beats ring. Clicking a line (or a legend
// button) selects that algorithm.

import { useMemo, useState } from 'react';
import { presetById, presetTopology } from '../../../core/nccl';
import { transportWords, BYTES_PER_ELEMENT, COMPARED, COMPARED_OVER_NODES, NCCL_24_FIGURES, unavailableReason, type CompareInput } from '../../../core/model';
import { formatBytes, formatCount, formatGBs } from '../../format';
import { transportOf } from '../../../store/config';
import { useSim } from '../../StoreContext';
import { formatTickBytes } from '../chart/chartTicks';
import { CompareLegend } from './CompareLegend';
import { ComparePanel, type CurrentMark } from './ComparePanel';
import { CompareTable } from './CompareTable';
import { captionText, compareCaption } from './crossover';
import { useCompareData } from './useCompareData';
import { useElementWidth } from '../chart/useElementWidth';
import { ScaleCharts } from '../scale/ScaleCharts';
import { figuresTitle } from '../scale/scaleWords';

const SIDE_BY_SIDE = 720;

/** The preset's fabrics as the comparison models them, from the core's topology for one node and for two. */
function presetLine(id: string): string {
  const machine = presetById(id);
  const g = machine.hardware.gpusPerNode;
  const node = presetTopology(machine, g);
  const inside = node.kind === 'switch' ? `${formatGBs(node.bandwidthGBs)}, ${node.latencyUs} µs per step` : '';
  if (machine.hardware.nicsPerNode === 0) return `${machine.label}: one switch (${inside}) up to ${g} devices; more are left out.`;
  const nodes = presetTopology(machine, 2 * g);
  const network = nodes.kind === 'nodes' ? `${formatGBs(nodes.inter.bandwidthGBs)}, ${nodes.inter.latencyUs} µs` : '';
  return `${machine.label}: one switch (${inside}) up to ${g} devices; beyond, whole nodes of ${g} joined by a ${network} network; other counts are left out.`;
}
const GAP = 16;

export function CompareChart() {
  const config = useSim((s) => s.config);
  const custom = useSim((s) => s.custom);
  const timeUs = useSim((s) => s.derived?.cost?.totalUs ?? null);
  const setConfig = useSim((s) => s.setConfig);
  const [ref, width] = useElementWidth<HTMLDivElement>(960);
  const [atScale, setAtScale] = useState(false);

  const allreduce = config.collective === 'allreduce';
  const selected = allreduce && !custom ? config.algorithm : null;
  const { devices, elements, latencyUs, bandwidthGBs, interLatencyUs, interBandwidthGBs, devicesPerNode, topology, chunks, preset, fit, protocol, channels } =
    config;
  const input: CompareInput = useMemo(
    () => ({
      devices,
      elements,
      latencyUs,
      bandwidthGBs,
      devicesPerNode,
      topology,
      algorithm: selected,
      chunks,
      preset,
      inter: { latencyUs: interLatencyUs, bandwidthGBs: interBandwidthGBs },
      fit,
      transport: transportOf({ protocol, channels }),
    }),
    [
      devices,
      elements,
      latencyUs,
      bandwidthGBs,
      interLatencyUs,
      interBandwidthGBs,
      devicesPerNode,
      topology,
      selected,
      chunks,
      preset,
      fit,
      protocol,
      channels,
    ],
  );
  // The comparison shown may lag the input while a new one is on its way.
  const data = useCompareData(input);
  const caption = useMemo(() => data && compareCaption(data), [data]);

  const label = custom ? custom.name : config.algorithm;
  const marked = allreduce && timeUs !== null && devices >= 2;
  const byDevicesMark: CurrentMark | null = marked ? { x: devices, timeUs, label } : null;
  const bySizeMark: CurrentMark | null = marked ? { x: elements * BYTES_PER_ELEMENT, timeUs, label } : null;
  const unavailable = new Map<string, string>();
  for (const algorithm of COMPARED) {
    const reason = unavailableReason(algorithm, devices, devicesPerNode);
    if (reason !== null) unavailable.set(algorithm, reason);
  }
  const select = (algorithm: string) => setConfig(allreduce ? { algorithm } : { algorithm, collective: 'allreduce' });

  const sideBySide = width >= SIDE_BY_SIDE;
  const panelWidth = sideBySide ? Math.floor((width - GAP) / 2) : width;
  const size = formatBytes(data?.bytes ?? elements * BYTES_PER_ELEMENT);
  const fabric = fit ? `fitted to a log: ${formatGBs(fit.bandwidthGBs)}, ${fit.latencyUs} µs per step` : `${formatGBs(bandwidthGBs)}, ${latencyUs} µs per step`;
  const network = `${formatGBs(interBandwidthGBs)}, ${interLatencyUs} µs`;
  const transport = transportOf({ protocol, channels });
  const machineLine = preset
    ? presetLine(preset)
    : fit
      ? `One switch (${fabric}).`
      : topology === 'nodes'
        ? `Up to ${devicesPerNode} devices: one switch (${fabric}); beyond: nodes of ${devicesPerNode} joined by a ${network} network.`
        : topology === 'switch'
          ? `One switch (${fabric}).`
          : `One switch (${fabric}); ${COMPARED_OVER_NODES.join(' and ')} on nodes of ${devicesPerNode} joined by a ${network} network.`;
  const topologyLine = transport ? `${machineLine} Bytes move with ${transportWords(transport)}.` : machineLine;

  return (
    <section className="gs-panel gs-compare" aria-label="Compare algorithms">
      <h2>Compare all-reduce algorithms</h2>
      <CompareLegend algorithms={COMPARED} selected={selected} unavailable={unavailable} onSelect={select} />
      <div ref={ref} className={`gs-compare-panels${sideBySide ? ' gs-compare-side' : ''}`}>
        {data === null ? (
          <p className="gs-compare-waiting" role="status">
            Modelling every algorithm from 2 to 1,024 devices…
          </p>
        ) : (
          <>
            <figure>
              <figcaption>Model time vs devices, at {size}</figcaption>
              <ComparePanel
                kind="devices"
                series={data.byDevices}
                current={byDevicesMark}
                selected={selected}
                width={panelWidth}
                onSelect={select}
                ariaLabel={`Model time of ${COMPARED.length} all-reduce algorithms against device count, 2 to 1,024, at ${size}, log scales. ${caption!.byDevices ?? ''}`}
              />
              <CompareTable
                caption={`Model time against device count at ${size}`}
                xHeader="devices"
                xs={data.deviceCounts}
                series={data.byDevices}
                formatX={formatCount}
              />
            </figure>
            <figure>
              <figcaption>Model time vs message size, at {formatCount(data.devices)} devices</figcaption>
              <ComparePanel
                kind="bytes"
                series={data.bySize}
                current={bySizeMark}
                selected={selected}
                width={panelWidth}
                onSelect={select}
                ariaLabel={`Model time of ${COMPARED.length} all-reduce algorithms against message size, 4 B to 1 GiB, at ${formatCount(data.devices)} devices, log scales. ${caption!.bySize ?? ''}`}
              />
              <CompareTable
                caption={`Model time against message size at ${formatCount(data.devices)} devices`}
                xHeader="bytes"
                xs={data.sizes}
                series={data.bySize}
                formatX={formatTickBytes}
              />
            </figure>
          </>
        )}
      </div>
      <p className="gs-compare-caption" data-testid="compare-caption">
        {caption && captionText(caption)}
        {!allreduce && ' (The comparison is of all-reduce; the current collective is not marked.)'}
      </p>
      <p className="gs-compare-topology">{topologyLine}</p>
      <details className="gs-scaling-details" open={atScale} onToggle={(event) => setAtScale(event.currentTarget.open)}>
        <summary>NCCL 2.4 at scale: {figuresTitle(NCCL_24_FIGURES)}</summary>
        {atScale && <ScaleCharts />}
      </details>
    </section>
  );
}
