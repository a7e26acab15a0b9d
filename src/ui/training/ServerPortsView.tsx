// A parameter server's ports: N workers fanning in to K servers, and a meter for each kind of port
// showing how busy it is while the pushes and pulls run. The saturated port (a server's while there
// are more workers than servers) is drawn full and hot; the numbers are core/training/serverPorts'.

import type { ServerPorts, PortLoad } from '../../core/training';
import { formatBytes, formatMicroseconds, formatPercent, formatTimes, plural } from '../../core/units';
import { useElementWidth } from '../metrics/chart/useElementWidth';

const WORKER = { width: 14, height: 16 };
const SERVER = { width: 26, height: 22 };
const GAP = 6;
const PORT = 5;
const HEIGHT = 100;
/** The servers' row is narrower than the workers', so the links fan in. */
const SERVER_ROW = 420;

/** x of each drawn mark, centred in `width`: all of them when they fit, else the first ones and room for "…". */
function marks(count: number, width: number, mark: number): { xs: number[]; more: boolean } {
  const room = Math.max(1, Math.floor((width + GAP) / (mark + GAP)));
  const drawn = count <= room ? count : Math.max(1, room - 2);
  const span = drawn * (mark + GAP) - GAP + (drawn < count ? 2 * (mark + GAP) : 0);
  const left = (width - span) / 2;
  return { xs: Array.from({ length: drawn }, (_, i) => left + i * (mark + GAP)), more: drawn < count };
}

/** How much of a port's bar is lit: its busy share, and a sliver for a port that is hardly used. */
const lit = (load: PortLoad, width: number) => width * Math.max(0.08, Math.min(1, load.commShare));

function Row({ name, load, note }: { name: string; load: PortLoad; note: string }) {
  return (
    <li className={load.saturated ? 'gs-train-port gs-train-port--saturated' : 'gs-train-port'}>
      <span className="gs-train-port-name">
        {name} <span className="gs-train-port-count">×{load.count.toLocaleString('en-US')}</span>
      </span>
      <span
        className="gs-train-port-meter"
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(load.commShare * 100)}
        aria-label={`${name}: busy`}
      >
        <span style={{ width: `${Math.min(1, load.commShare) * 100}%` }} />
      </span>
      <span className="gs-train-port-busy">{formatPercent(load.commShare)} busy</span>
      <span className="gs-train-port-note">{note}</span>
    </li>
  );
}

export function ServerPortsView({ ports }: { ports: ServerPorts }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(600);
  const { worker, server, ratio } = ports;
  const top = marks(worker.count, width, WORKER.width);
  const row = Math.min(width, SERVER_ROW);
  const bottom = marks(server.count, row, SERVER.width);
  const serverXs = bottom.xs.map((x) => x + (width - row) / 2);
  const serverTop = HEIGHT - 4 - SERVER.height;
  const hot = (load: PortLoad) => (load.saturated ? 'gs-train-port-mark gs-train-port-mark--hot' : 'gs-train-port-mark');
  const workerNote = worker.saturated
    ? `saturated: ${formatBytes(worker.bytes)} an iteration, more than a server's`
    : `${formatBytes(worker.bytes)} an iteration`;
  const serverNote = server.saturated
    ? `saturated: ${formatBytes(server.bytes)} an iteration, N/K = ${formatTimes(ratio)} a worker's`
    : `${formatBytes(server.bytes)} an iteration, ${formatTimes(ratio)} a worker's`;
  return (
    <section className="gs-train-ports" aria-label="Parameter server ports">
      <h3>
        Ports · {worker.count.toLocaleString('en-US')} workers push to and pull from {plural(server.count, 'server')}
      </h3>
      <div ref={ref} className="gs-train-ports-picture">
        <svg width={width} height={HEIGHT} aria-hidden="true">
          {top.xs.flatMap((wx, w) =>
            serverXs.map((sx, s) => (
              <line
                key={`${w}-${s}`}
                className="gs-train-port-link"
                x1={wx + WORKER.width / 2}
                y1={4 + WORKER.height + PORT}
                x2={sx + SERVER.width / 2}
                y2={serverTop - PORT}
              />
            )),
          )}
          {top.xs.map((x, i) => (
            <g key={`w${i}`}>
              <rect className="gs-train-port-node" x={x} y={4} width={WORKER.width} height={WORKER.height} rx={3} />
              <rect className={hot(worker)} x={x} y={4 + WORKER.height} width={lit(worker, WORKER.width)} height={PORT} />
            </g>
          ))}
          {serverXs.map((x, i) => (
            <g key={`s${i}`}>
              <rect className="gs-train-port-node gs-train-port-node--server" x={x} y={serverTop} width={SERVER.width} height={SERVER.height} rx={3} />
              <rect className={hot(server)} x={x} y={serverTop - PORT} width={lit(server, SERVER.width)} height={PORT} />
            </g>
          ))}
          {top.more && (
            <text className="gs-train-port-more" x={top.xs[top.xs.length - 1] + WORKER.width + GAP} y={18}>
              …
            </text>
          )}
          {bottom.more && (
            <text className="gs-train-port-more" x={serverXs[serverXs.length - 1] + SERVER.width + GAP} y={HEIGHT - 10}>
              …
            </text>
          )}
        </svg>
      </div>
      <ul className="gs-train-port-rows">
        <Row name="each server's port" load={server} note={serverNote} />
        <Row name="each worker's port" load={worker} note={workerNote} />
      </ul>
      <p className="gs-train-ports-key">Busy: the share of the {formatMicroseconds(ports.commUs)} that the pushes and pulls take.</p>
    </section>
  );
}
