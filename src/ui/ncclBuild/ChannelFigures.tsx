// One channel as NCCL built it: its ring and its tree side by side over the same hosts, each with
// what it is in words (where it crosses between hosts, and by what; how the tree stands beside
// gradsync's own double tree) and the button that plays it.

import { useMemo } from 'react';
import { compareTree, ringChannelSchedule, ringPlayProblem, treeChannelSchedule, treeFault, treePlayProblem, type NcclLog } from '../../core/ncclLog';
import { BuildPicture, HopKey, hopKinds } from './BuildPicture';
import { ringHops, treeHops, type BuildLayout, type Frame, type Hop } from './buildPicture';
import { PlayButton } from './PlayButton';

/** Crossings named one by one; past them, how many more. */
const SAID_CROSSINGS = 8;

const sameVia = (hops: Hop[]) => hops[0].via !== null && hops.every((h) => h.via === hops[0].via);

/** "1 → 10 by NET/IB/2/GDRDMA": the hops that leave a host. */
function crossings(hops: Hop[]): string {
  const across = hops.filter((h) => h.across);
  const unknown = hops.filter((h) => !h.hostsKnown).length;
  const unplaced = unknown === 0 ? '' : ` ${unknown === 1 ? '1 of its hops joins' : `${unknown} of its hops join`} a rank whose host the log does not say.`;
  if (across.length === 0) return unknown === 0 ? 'It stays inside one host.' : `It crosses between no two hosts the log names.${unplaced}`;
  const each = across.slice(0, SAID_CROSSINGS).map((h) => `${h.from} → ${h.to}${h.via ? ` by ${h.via}` : ''}`);
  const rest = across.length - each.length;
  const more = rest > 0 ? `; and ${rest} more${sameVia(across) ? `, all by ${across[0].via}` : ''}` : '';
  return `It crosses between hosts ${across.length === 1 ? 'once' : `${across.length} times`}: ${each.join('; ')}${more}.${unplaced}`;
}

export function RingFigure({ log, layout, frame, channel, source }: { log: NcclLog; layout: BuildLayout; frame: Frame; channel: number; source: string }) {
  const ring = log.rings.find((r) => r.channel === channel) ?? null;
  const hops = useMemo(() => ringHops(log, layout, channel), [log, layout, channel]);
  return (
    <figure className="gs-build-figure">
      <figcaption>
        <h3>Ring of channel {channel}</h3>
      </figcaption>
      {ring === null ? (
        <p className="gs-build-missing">The log shows no ring of channel {channel}.</p>
      ) : (
        <>
          <BuildPicture
            layout={layout}
            frame={frame}
            hops={hops}
            root={null}
            label={`Channel ${channel}'s ring: ${ring.order.join(' → ')}${ring.complete ? ` → ${ring.order[0]}` : ' …'}`}
          />
          <HopKey kinds={hopKinds(hops)} />
          <p className="gs-build-words">
            {ring.order.join(' → ')}
            {ring.complete ? ` → ${ring.order[0]}` : ' …'}
          </p>
          {ring.fault ? (
            <p className="gs-build-missing" role="note">
              This ring cannot be right: {ring.fault}. It is drawn as far as it holds, and no rank’s own “Ring” line closes it.
            </p>
          ) : (
            !ring.complete && (
              <p className="gs-build-missing" role="note">
                The log shows this ring only in part: {ring.order.length} of {log.ranks} ranks, and no rank’s own “Ring” line closes it.
              </p>
            )
          )}
          <p className="gs-build-words">{crossings(hops)}</p>
          <PlayButton
            key={channel}
            label="Play this ring"
            name={`channel ${channel}'s ring from ${source}`}
            problem={ring.fault ? 'the log’s ring cannot be right, as said above' : ringPlayProblem(log, channel)}
            schedule={() => ringChannelSchedule(log, channel)}
          />
        </>
      )}
    </figure>
  );
}

/** Where the tree is rooted, or why the log does not say. */
function rootWords(roots: number[], partial: boolean): string {
  if (roots.length === 1) return `Rooted at rank ${roots[0]} (circled); `;
  if (roots.length === 0) return partial ? 'Its root is among the ranks whose tree lines are not in the log; ' : 'The log gives it no root; ';
  return `${roots.length} roots in the log (${roots.join(', ')}), where a tree has one; `;
}

export function TreeFigure({ log, layout, frame, channel, source }: { log: NcclLog; layout: BuildLayout; frame: Frame; channel: number; source: string }) {
  const hops = useMemo(() => treeHops(log, layout, channel), [log, layout, channel]);
  const comparison = useMemo(() => compareTree(log, channel), [log, channel]);
  const fault = useMemo(() => treeFault(log, channel), [log, channel]);
  const problem = useMemo(
    () => (fault !== null ? 'the tree’s lines contradict each other, as said above' : treePlayProblem(log, channel)),
    [log, channel, fault],
  );
  const links = log.treeLinks.filter((l) => l.channel === channel);
  const roots = links.filter((l) => l.parent === -1).map((l) => l.rank);
  return (
    <figure className="gs-build-figure">
      <figcaption>
        <h3>Tree of channel {channel}</h3>
      </figcaption>
      {links.length === 0 ? (
        <p className="gs-build-missing">The log shows no tree of channel {channel}: NCCL prints every rank’s “Trees” line at NCCL_DEBUG=INFO.</p>
      ) : (
        <>
          <BuildPicture
            layout={layout}
            frame={frame}
            hops={hops}
            root={roots.length === 1 ? roots[0] : null}
            label={`Channel ${channel}'s tree, each rank's arrow to its parent: ${hops.map((h) => `${h.from} → ${h.to}`).join(', ')}`}
          />
          <HopKey kinds={hopKinds(hops)} />
          <p className="gs-build-words">
            {rootWords(roots, links.length < log.ranks)}
            each arrow goes from a rank to its parent, the way the reduction goes; the broadcast comes back down.
          </p>
          {fault !== null && (
            <p className="gs-build-missing" role="note">
              This tree’s lines contradict each other: {fault}. Each arrow is drawn as its rank’s own line says.
            </p>
          )}
          <div className="gs-build-compare">
            <h4>Beside gradsync’s double tree</h4>
            {comparison.ok ? (
              comparison.words.map(({ text, same }) => (
                <p key={text} className={same ? 'gs-build-same' : 'gs-build-differs'}>
                  <span aria-hidden="true">{same ? '= ' : '≠ '}</span>
                  {text}
                </p>
              ))
            ) : (
              <p className="gs-build-missing">No comparison: {comparison.why}.</p>
            )}
          </div>
          <PlayButton
            key={channel}
            label="Play this tree"
            name={`channel ${channel}'s tree from ${source}`}
            problem={problem}
            schedule={() => treeChannelSchedule(log, channel)}
          />
        </>
      )}
    </figure>
  );
}
