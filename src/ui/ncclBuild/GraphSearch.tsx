// What NCCL's topology search found, from the log's "Pattern" lines or a graph dump: each graph's
// pattern, channels, bandwidth per channel inside and between nodes, and the path types; a dump
// also gives each channel's GPUs in order between the NICs it enters and leaves by.

import { useId } from 'react';
import { patternName, type DumpedGraph, type NcclLog } from '../../core/ncclLog';

const gbs = (value: number | null) => (value === null ? '—' : `${value} GB/s`);

export function GraphSearch({ graphs, channelCount }: { graphs: NcclLog['graphs']; channelCount: number | null }) {
  const ring = graphs.find((g) => patternName(g.pattern) === 'ring');
  const ids = useId();
  return (
    <section className="gs-build-section" aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`}>The graph search</h3>
      {graphs.length === 0 ? (
        <p className="gs-build-missing">No “Pattern” line in the log: NCCL prints its search’s results with NCCL_DEBUG_SUBSYS=GRAPH.</p>
      ) : (
        <table className="gs-build-table">
          <thead>
            <tr>
              <th scope="col">Pattern</th>
              <th scope="col">Channels</th>
              <th scope="col">Per channel, inside / between nodes</th>
              <th scope="col">Paths</th>
            </tr>
          </thead>
          <tbody>
            {graphs.map((g) => (
              <tr key={JSON.stringify(g)}>
                <th scope="row">
                  {g.pattern} ({patternName(g.pattern)})
                </th>
                <td>{g.channels}</td>
                <td>
                  {gbs(g.bwIntra)} / {gbs(g.bwInter)}
                </td>
                <td>
                  {g.typeIntra}/{g.typeInter}
                  {g.crossNic ? ', across NICs' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {ring && channelCount === 2 * ring.channels && (
        <p className="gs-build-words">
          The communicator’s {channelCount} channels are twice the search’s {ring.channels}: NCCL runs each channel it found twice (connect.cc), so the second
          half of the picker repeats the first half’s rings.
        </p>
      )}
    </section>
  );
}

export function GraphDump({ graphs, name }: { graphs: DumpedGraph[]; name: string }) {
  const ids = useId();
  return (
    <section className="gs-build-section" aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`}>
        The graphs NCCL searched: <span className="gs-build-name">{name}</span>
      </h3>
      {graphs.map((graph, g) => (
        <div key={g} className="gs-build-graph">
          <h4>
            {graph.kind} · pattern {graph.pattern} ({patternName(graph.pattern)}) · {graph.channels.length} channels · {gbs(graph.bwIntra)} /{' '}
            {gbs(graph.bwInter)}
            {graph.typeIntra ? ` · ${graph.typeIntra}/${graph.typeInter ?? '—'}` : ''}
          </h4>
          <ol className="gs-build-graph-channels" start={0}>
            {graph.channels.map((channel, c) => (
              <li key={c}>
                {channel.nets.length > 0 && `NET ${channel.nets[0]} → `}
                GPU {channel.gpus.join(' → ')}
                {channel.ranks && channel.ranks.length === channel.gpus.length && ` (ranks ${channel.ranks.join(', ')})`}
                {channel.nets.length > 1 && ` → NET ${channel.nets[channel.nets.length - 1]}`}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
