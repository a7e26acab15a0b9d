// The two bar styles every metrics view shares: bytes sent (solid) and received (light).

export function SendReceiveLegend({ sent = 'sent', received = 'received', note }: { sent?: string; received?: string; note?: string }) {
  return (
    <span className="gs-traffic-legend" aria-hidden="true">
      <span>
        <span className="gs-swatch gs-traffic-sent" /> {sent}
      </span>
      <span>
        <span className="gs-swatch gs-traffic-received" /> {received}
      </span>
      {note && <span className="gs-traffic-legend-note">{note}</span>}
    </span>
  );
}
