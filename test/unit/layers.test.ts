import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
}

/** Which layers each layer may import (DESIGN.md: imports point down only). */
const ALLOWED: Record<string, string[]> = {
  core: ['core'],
  engine: ['engine', 'core'],
  store: ['store', 'engine', 'core'],
  cli: ['cli', 'engine', 'core'],
  ui: ['ui', 'store', 'core'],
  embed: ['embed', 'ui', 'store'],
};

function layerOf(path: string): string | null {
  const match = /^src\/([^/]+)\//.exec(path);
  return match ? match[1] : null;
}

describe('layers', () => {
  it('src/core imports nothing from the DOM, WebGPU, React, d3 or zustand', () => {
    const forbiddenModules = /^(react|react-dom|d3|d3-.*|zustand|zustand\/.*|webgpu|node:.*|fs|path|os|child_process)$/;
    const forbiddenGlobals = /\b(document|window|navigator|HTMLElement|GPUDevice|GPUBuffer|requestAnimationFrame|localStorage)\b/;
    const problems: string[] = [];
    for (const file of sourceFiles(join(root, 'src', 'core'))) {
      const rel = relative(root, file);
      for (const spec of imports(file)) if (forbiddenModules.test(spec)) problems.push(`${rel} imports ${spec}`);
      const code = readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      const global = forbiddenGlobals.exec(code);
      if (global) problems.push(`${rel} uses ${global[0]}`);
    }
    expect(problems).toEqual([]);
  });

  it('every import points down the layer stack', () => {
    const problems: string[] = [];
    for (const file of sourceFiles(join(root, 'src'))) {
      const rel = relative(root, file).replaceAll('\\', '/');
      const layer = layerOf(rel);
      if (!layer || !ALLOWED[layer]) continue;
      for (const spec of imports(file)) {
        if (!spec.startsWith('.')) continue;
        const target = relative(root, join(file, '..', spec)).replaceAll('\\', '/');
        if (target.startsWith('shaders/')) continue;
        const targetLayer = layerOf(target);
        if (targetLayer && !ALLOWED[layer].includes(targetLayer)) problems.push(`${rel} (${layer}) imports ${target} (${targetLayer})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('catches a forbidden import when one is there', () => {
    expect(imports(join(root, 'test', 'unit', 'layers.test.ts'))).toContain('node:fs');
  });
});
