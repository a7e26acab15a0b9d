// The machine NCCL saw, from its topology dump: each CPU, the PCIe switches under it (nested as they
// are), and in them the GPUs (rank, generation, NVLinks and where they lead) and the NICs (speed,
// GPUDirect RDMA).

import { useId } from 'react';
import { pciSwitches, type DumpedTopology } from '../../core/ncclLog';

type Pci = DumpedTopology['pci'][number];

/** Where a GPU's NVLinks lead: another GPU by its index, an NVSwitch, or a bus id. */
function nvlinkWords(topology: DumpedTopology, gpu: DumpedTopology['gpus'][number]): string {
  if (gpu.nvlinks.length === 0) return 'no NVLink';
  return gpu.nvlinks
    .map((link) => {
      const peer = topology.gpus.find((g) => g.busId === link.target);
      const to = peer ? `GPU ${peer.dev ?? '?'}` : link.targetClass === '0x068000' ? 'NVSwitch' : link.target;
      return `NVLink ${link.count}× → ${to}`;
    })
    .join(', ');
}

/** The GPUs and NICs right under switch `under`, or right under CPU `cpu` where `under` is null. */
function Devices({ topology, under, cpu = null }: { topology: DumpedTopology; under: string | null; cpu?: number | null }) {
  const own = (device: 'gpu' | 'nic') =>
    new Set(topology.pci.filter((p) => p.device === device && p.parent === under && (under !== null || p.cpu === cpu)).map((p) => p.busId));
  const gpus = topology.gpus.filter((g) => g.busId !== null && own('gpu').has(g.busId));
  const nics = topology.nics.filter((n) => n.busId !== null && own('nic').has(n.busId));
  return (
    <>
      {gpus.map((gpu) => (
        <li key={`gpu-${gpu.busId}`} className="gs-topo-gpu">
          <strong>GPU {gpu.dev ?? '?'}</strong>
          {gpu.rank !== null && ` · rank ${gpu.rank}`}
          {gpu.sm !== null && ` · sm ${gpu.sm}`}
          <span className="gs-topo-links">{nvlinkWords(topology, gpu)}</span>
        </li>
      ))}
      {nics.map((nic, i) => (
        <li key={`nic-${nic.busId}-${i}`} className="gs-topo-nic">
          <strong>NIC {nic.name ?? nic.dev ?? '?'}</strong>
          {nic.speedMbps !== null && ` · ${nic.speedMbps / 1000} Gb/s`}
          {nic.gdr && ' · GPUDirect RDMA'}
        </li>
      ))}
    </>
  );
}

function Switch({ topology, pci }: { topology: DumpedTopology; pci: Pci }) {
  const below = pciSwitches(topology).filter((p) => p.parent === pci.busId);
  return (
    <li className="gs-topo-switch">
      <span className="gs-topo-switch-name">
        PCIe switch {pci.busId}
        {pci.linkSpeed && ` · ${pci.linkSpeed}`}
        {pci.linkWidth !== null && ` x${pci.linkWidth}`}
      </span>
      <ul>
        {below.map((p) => (
          <Switch key={p.busId} topology={topology} pci={p} />
        ))}
        <Devices topology={topology} under={pci.busId} />
      </ul>
    </li>
  );
}

export function TopologyView({ topology, name }: { topology: DumpedTopology; name: string }) {
  const ids = useId();
  const gpus = topology.gpus.length;
  const nvlinked = topology.gpus.filter((g) => g.nvlinks.length > 0).length;
  return (
    <section className="gs-build-section" aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`}>
        The machine NCCL saw: <span className="gs-build-name">{name}</span>
      </h3>
      <p className="gs-build-words">
        {gpus} GPUs ({nvlinked} with NVLinks), {topology.nics.length} NICs, {pciSwitches(topology).length} PCIe switches and bridges, {topology.cpus.length}{' '}
        CPUs.
      </p>
      <div className="gs-topo">
        {topology.cpus.map((cpu, c) => (
          <div key={c} className="gs-topo-cpu">
            <span className="gs-topo-cpu-name">
              CPU {cpu.numaId ?? c}
              {cpu.arch && ` · ${cpu.arch}`}
              {cpu.vendor && ` · ${cpu.vendor}`}
            </span>
            <ul>
              {pciSwitches(topology)
                .filter((p) => p.cpu === c && p.parent === null)
                .map((p) => (
                  <Switch key={p.busId} topology={topology} pci={p} />
                ))}
              <Devices topology={topology} under={null} cpu={c} />
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
