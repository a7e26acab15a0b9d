// The Python the torch tests run programs with: the first interpreter that imports torch.distributed
// among $GRADSYNC_PYTHON, /usr/bin/python3 (where Debian's python3-torch lives) and python3 on PATH,
// which may be another interpreter. Used by npm test (to install python3-torch where it is missing)
// and by the tests themselves.
import { spawnSync } from 'node:child_process';

export const TORCH_MISSING = 'no Python with PyTorch found: install it (apt-get install python3-torch) or set GRADSYNC_PYTHON';

export function findTorchPython() {
  const candidates = [process.env.GRADSYNC_PYTHON, '/usr/bin/python3', 'python3'].filter(Boolean);
  for (const python of candidates) {
    const probe = spawnSync(python, ['-c', 'import torch.distributed as d; assert d.is_available()'], { stdio: 'ignore', timeout: 120_000 });
    if (probe.status === 0) return python;
  }
  return null;
}
