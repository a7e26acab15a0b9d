// Out and back in: a built-in algorithm exported as MSCCL XML and imported again is a verified
// schedule that moves the same bytes between the same devices, and its run gives the same values.

import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../../src/core/algorithms';
import { countTraffic } from '../../../../src/core/model/traffic';
import { mscclXml } from '../../../../src/core/formats/msccl/exportXml';
import { importMscclXml } from '../../../../src/core/formats/msccl/importXml';
import { verifySchedule } from '../../../../src/core/symbolic/verify';
import { generateInputs } from '../../../../src/engine/inputs';
import { runCollective } from '../../../../src/engine/runCollective';

const REQUESTS: BuildRequest[] = [
  { algorithm: 'ring', devices: 4 },
  { algorithm: 'ring', devices: 64 },
  { algorithm: 'double-tree', devices: 5 },
  { algorithm: 'naive', devices: 4 },
  { algorithm: 'master', devices: 4 },
  { algorithm: 'halving-doubling', devices: 6 },
  { algorithm: 'recursive-doubling', devices: 5 },
  { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 },
  { algorithm: 'tree', devices: 7 },
  { collective: 'allgather', algorithm: 'ring', devices: 4 },
  { collective: 'reduce-scatter', algorithm: 'ring', devices: 4 },
];

function label(request: BuildRequest): string {
  return `${request.collective ?? 'allreduce'} ${request.algorithm} on ${request.devices}`;
}

describe('export as MSCCL XML, then import', () => {
  for (const request of REQUESTS) {
    it(`${label(request)}: verified, the same bytes per device, the same values`, async () => {
      const original = buildSchedule(request);
      const imported = importMscclXml(mscclXml(original));
      expect(verifySchedule(imported).ok).toBe(true);
      // A multiple of the chunks, as MSCCL needs.
      const elements = original.chunks * 6;
      const before = countTraffic(original, elements);
      const after = countTraffic(imported, elements);
      expect(Array.from(after.bytesSent)).toEqual(Array.from(before.bytesSent));
      expect(Array.from(after.bytesReceived)).toEqual(Array.from(before.bytesReceived));
      if (original.devices > 8) return;
      for (const op of ['sum', 'max'] as const) {
        const inputs = generateInputs(original.devices, elements, op, 3, 'mixed');
        const a = await runCollective({ schedule: original, elements, op, inputs });
        const b = await runCollective({ schedule: imported, elements, op, inputs });
        expect(b.verified).toBe(true);
        expect(new Uint32Array(b.buffers.buffer)).toEqual(new Uint32Array(a.buffers.buffer));
      }
    });
  }
});
