// What NCCL built, once its log or a dump is loaded (the loader tells them from schedules): the ranks
// by host, each channel's ring and tree drawn over them with a channel picker, what the log leaves
// out said plainly, the graph search and the tuner's choices beside gradsync's model; the machine
// from a topology dump and the searched graphs from a graph dump. Closed with ×.

import { useEffect, useMemo, useRef, useState } from 'react';
import { rankRuns, treeChannels, treeFault, type DumpedTopology, type NcclLog } from '../../core/ncclLog';
import { focusLoader } from '../loader/focusLoader';
import type { NcclBuild } from '../../store/ncclBuildSlice';
import { useElementWidth } from '../metrics/chart/useElementWidth';
import { useSim } from '../StoreContext';
import { buildLayout, fitsSideBySide, pictureBounds, ringHops, treeHops } from './buildPicture';
import { ChannelPicker } from './ChannelPicker';
import { RingFigure, TreeFigure } from './ChannelFigures';
import { GraphDump, GraphSearch } from './GraphSearch';
import { TopologyView } from './TopologyView';
import { TuningTable } from './TuningTable';

export function NcclBuildPanel() {
  const build = useSim((s) => s.ncclBuild);
  return build ? <BuildPanel build={build} /> : null;
}

/** Between the ring's picture and the tree's, side by side (px; .gs-build-figures). */
const FIGURE_GAP = 16;
/** Narrower than this (px), the view sets each host under the one before. */
const NARROW = 560;

function BuildPanel({ build }: { build: NcclBuild }) {
  const clear = useSim((s) => s.clearNcclBuild);
  const heading = useRef<HTMLHeadingElement>(null);
  const names = [build.log, build.topology, build.graphs].flatMap((n) => (n ? [n.name] : []));
  // What was just loaded is where the user looks next: the heading takes the focus, on screen.
  const loaded = build[build.last];
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [loaded]);
  // A dump alone is the machine NCCL saw, or the graphs it searched: what it built needs the log.
  const title = build.log ? 'What NCCL built' : 'What NCCL saw';
  return (
    <section className="gs-panel gs-build" aria-label={title}>
      <header className="gs-calibration-head">
        <h2 ref={heading} tabIndex={-1}>
          {title}: <span className="gs-build-name">{names.join(' + ')}</span>
        </h2>
        <button
          type="button"
          className="gs-icon-button"
          aria-label={`Close ${title.charAt(0).toLowerCase()}${title.slice(1)}`}
          onClick={() => {
            clear();
            focusLoader();
          }}
        >
          ×
        </button>
      </header>
      {build.log && <LogView log={build.log.value} source={build.log.name} topology={build.topology?.value ?? null} />}
      {build.topology && <TopologyView topology={build.topology.value} name={build.topology.name} />}
      {build.graphs && <GraphDump graphs={build.graphs.value} name={build.graphs.name} />}
    </section>
  );
}

/** Hosts named with their ranks: every one up to a few, then the first and last around how many more. */
const NAMED_HOSTS = 6;

function hostList(log: NcclLog): string {
  const named = (h: NcclLog['hosts'][number]) => ` · ${h.host}: ${rankRuns(h.ranks)}`;
  if (log.hosts.length <= NAMED_HOSTS) return log.hosts.map(named).join('');
  const first = log.hosts.slice(0, 2).map(named).join('');
  return `${first} · … ${log.hosts.length - 3} more …${named(log.hosts[log.hosts.length - 1])}`;
}

/** "channel 3", "channels 3–5, 9". */
const channelWords = (channels: number[]) => `${channels.length === 1 ? 'channel' : 'channels'} ${rankRuns(channels)}`;

/** What the log leaves out, or says in lines that cannot all be right, each said once. */
function gaps(log: NcclLog): string[] {
  const said: string[] = [];
  if (log.hosts.length === 0) said.push('No line says which host a rank is on, so the ranks are drawn together.');
  if (log.missingRanks.length > 0) said.push(`No line of ranks ${rankRuns(log.missingRanks)}: the log is partial, and nothing of theirs is guessed.`);
  const wrong = log.rings.filter((r) => r.fault).map((r) => r.channel);
  if (wrong.length > 0) said.push(`The ring of ${channelWords(wrong)} cannot be right as the log gives it; what is wrong is said under it.`);
  const cut = log.rings.filter((r) => !r.complete && !r.fault).map((r) => r.channel);
  if (cut.length === 1) said.push(`The ring of channel ${cut[0]} is shown only in part.`);
  if (cut.length > 1) said.push(`The rings of channels ${rankRuns(cut)} are shown only in part.`);
  const bent = treeChannels(log).filter((c) => treeFault(log, c) !== null);
  if (bent.length > 0) said.push(`The tree lines of ${channelWords(bent)} contradict each other; where is said under the tree.`);
  const shown = new Set(log.rings.map((r) => r.channel));
  const unshown = log.channelCount === null ? [] : Array.from({ length: log.channelCount }, (_, c) => c).filter((c) => !shown.has(c));
  if (log.rings.length > 0 && unshown.length > 0) said.push(`NCCL built ${log.channelCount} channels; the log shows no ring of ${channelWords(unshown)}.`);
  if (log.rings.length === 0) said.push('No ring in the log: NCCL prints rank 0’s “Channel” lines at NCCL_DEBUG=INFO.');
  const others = log.otherCommunicators;
  if (others.length > 0)
    said.push(
      `The log holds ${others.length === 1 ? `another communicator, of ${others[0]} ranks` : `${others.length} other communicators, of ${others.join(', ')} ranks`}; the largest is shown.`,
    );
  return said;
}

/** The lines not read, alike ones together, to look at: what was passed over is never hidden. */
function UnreadLines({ log }: { log: NcclLog }) {
  if (log.unread === 0) return null;
  const shown = log.unreadKinds.reduce((sum, kind) => sum + kind.count, 0);
  const more = log.unread - shown;
  return (
    <details className="gs-build-unread">
      <summary>{log.unread === 1 ? 'The line not read' : `The ${log.unread.toLocaleString('en-US')} lines not read, alike ones together`}</summary>
      <ul>
        {log.unreadKinds.map(({ line, count, text }) => (
          <li key={line}>
            <span className="gs-build-line">
              line {line}
              {count > 1 ? ` and ${count - 1} more like it` : ''}
            </span>{' '}
            {text}
          </li>
        ))}
      </ul>
      {more > 0 && <p>and {more.toLocaleString('en-US')} more lines of other kinds.</p>}
    </details>
  );
}

function LogView({ log, source, topology }: { log: NcclLog; source: string; topology: DumpedTopology | null }) {
  const channels = useMemo(() => [...new Set([...log.rings.map((r) => r.channel), ...treeChannels(log)])].sort((a, b) => a - b), [log]);
  const [picked, setPicked] = useState<number | null>(null);
  const channel = picked !== null && channels.includes(picked) ? picked : (channels[0] ?? 0);
  // On a narrow screen the hosts stand one above another, so that their ranks are drawn large enough to read.
  const [measured, width] = useElementWidth<HTMLDivElement>(1000);
  const narrow = width < NARROW;
  const layout = useMemo(() => buildLayout(log, narrow ? 1 : null), [log, narrow]);
  // The ring and the tree framed alike, so that a host stands at the same height in both.
  const frame = useMemo(() => pictureBounds(layout, [...ringHops(log, layout, channel), ...treeHops(log, layout, channel)]), [log, layout, channel]);
  const hosts = log.hosts.length > 0 ? ` on ${log.hosts.length} host${log.hosts.length === 1 ? '' : 's'}` : log.nodes ? ` on ${log.nodes} nodes` : '';
  const notes = gaps(log);
  return (
    <>
      <p className="gs-calibration-facts" data-testid="nccl-build-facts">
        NCCL {log.version ?? '(version not in the log)'} · {log.ranks} ranks{hosts}
        {hostList(log)} · {channels.length === 1 ? '1 channel' : `${channels.length} channels`} ·{' '}
        {log.unread === 0 ? 'every line read' : `${log.unread === 1 ? '1 line' : `${log.unread.toLocaleString('en-US')} lines`} not read`}
      </p>
      <UnreadLines log={log} />
      {notes.length > 0 && (
        <ul className="gs-build-gaps" role="status">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {channels.length > 0 && (
        <p className="gs-build-intro">
          NCCL splits every collective over its channels, each with a ring and a tree of its own, which run side by side over different links and NICs. Pick a
          channel to see what NCCL built for it.
        </p>
      )}
      {channels.length > 0 && <ChannelPicker channels={channels} value={channel} onChange={setPicked} label="Channel shown" />}
      {channels.length > 0 && (
        // Where side by side would draw the ranks too small to read, the ring and the tree each take the panel's whole width, one above the other.
        <div ref={measured} className={narrow || !fitsSideBySide(frame, width, FIGURE_GAP) ? 'gs-build-figures gs-build-figures-stacked' : 'gs-build-figures'}>
          <RingFigure log={log} layout={layout} frame={frame} channel={channel} source={source} />
          <TreeFigure log={log} layout={layout} frame={frame} channel={channel} source={source} />
        </div>
      )}
      <div className="gs-build-tables">
        <GraphSearch graphs={log.graphs} channelCount={log.channelCount} />
        <TuningTable log={log} topology={topology} />
      </div>
    </>
  );
}
