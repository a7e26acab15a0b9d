// Lint rules for gradsync. Besides typescript-eslint's recommended set and the rules of hooks, this file
// is where the layers of docs/architecture.md are enforced: imports point down only, each layer names the
// outside packages it may use, and inside src/core each folder names the folders it may use, so a React
// import in src/core, a store import in src/cli or a narration import in src/core/schedule fails `npm test`.

import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * What each layer of src/ may import besides itself (docs/architecture.md, "Layers"): other layers, `shaders/`
 * at the repository root, and outside packages (exact names; `d3-*` allows every d3 module).
 */
const LAYERS = {
  core: {
    layers: [],
    packages: ['fflate'],
    why: 'src/core is pure TypeScript: it imports only core modules and fflate',
  },
  engine: {
    layers: ['core'],
    shaders: true,
    packages: [],
    why: 'src/engine imports only core and shaders/ (the Node adapter, engine/webgpu/node.ts, also webgpu and node: builtins)',
  },
  store: {
    layers: ['engine', 'core'],
    packages: ['zustand/vanilla'],
    why: 'src/store imports only engine, core and zustand/vanilla (React bindings belong to src/ui)',
  },
  ui: {
    layers: ['store', 'core'],
    packages: ['react', 'react-dom', 'zustand', 'd3-*', 'gifenc'],
    why: 'src/ui imports only store, core, React, d3 modules, zustand and gifenc',
  },
  embed: {
    layers: ['ui', 'store'],
    packages: ['react', 'react-dom', '@vitejs/plugin-react'],
    why: 'src/embed imports only ui, store and React',
  },
  cli: {
    layers: ['engine', 'core'],
    packages: ['commander', 'node:*'],
    why: 'src/cli runs in Node: it imports only engine, core, commander and node: builtins',
  },
};

/**
 * Inside src/core (docs/architecture.md, "Inside core"): the core folders each folder may import besides
 * itself and core's loose files. model and nccl are peers (NCCL's presets are topologies of the model;
 * the model moves bytes with NCCL's protocols); otherwise a folder imports only folders listed before it.
 */
const CORE_LOOSE = ['errors', 'units', 'random', 'lifecycle', 'notation', 'ops'];
const CORE_FOLDERS = {
  schedule: [],
  algorithms: ['schedule'],
  symbolic: ['schedule'],
  model: ['schedule', 'algorithms', 'symbolic', 'nccl'],
  nccl: ['schedule', 'algorithms', 'symbolic', 'model'],
  narration: ['schedule', 'algorithms', 'symbolic'],
  diagnosis: ['schedule', 'algorithms', 'symbolic', 'narration'],
  formats: ['schedule', 'algorithms', 'symbolic', 'model', 'nccl'],
  ncclTests: ['schedule', 'algorithms', 'symbolic', 'model', 'nccl'],
  ncclLog: ['schedule', 'algorithms', 'symbolic', 'model', 'nccl', 'formats', 'ncclTests'],
  training: ['schedule', 'algorithms', 'symbolic', 'model', 'nccl'],
  lessons: ['schedule', 'algorithms', 'symbolic', 'model', 'nccl', 'narration', 'training'],
};

/** Files that may reach past their layer's package list, with the packages they add. */
const EXCEPTIONS = [{ files: ['src/engine/webgpu/node.ts'], layer: 'engine', packages: ['webgpu', 'node:*'] }];

/** The entry pages (src/main.tsx, src/present.tsx) compose every browser layer; only the CLI is out of reach. */
const ENTRIES = {
  layers: ['ui', 'embed', 'store', 'engine', 'core'],
  packages: ['react', 'react-dom'],
  why: 'the entry pages import browser layers and React only, never src/cli',
};

const MAX_DEPTH = 4;

function packageSource(names) {
  return names.map((name) => name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*$/, '[^/]*')).join('|');
}

/**
 * A regular expression for the import sources a file `depth` folders below src/ may not use:
 * relative paths that climb out of its layer into a layer it may not import, and outside packages
 * not on its list. Relative paths are matched as written, hence one rule per depth.
 */
function forbiddenSource({ layers, shaders = false, packages }, depth) {
  // From src/ itself (depth 0) the layers are `./layer/…`; from below, `../` climbs once per folder.
  const up = depth === 0 ? '\\./' : `(\\.\\./){${depth}}`;
  const allowedTargets = [...layers.map((layer) => `${layer}/`), ...(shaders ? ['\\.\\./shaders/'] : [])];
  const climb = allowedTargets.length > 0 ? `${up}(?!${allowedTargets.join('|')})` : up;
  const relative = depth === 0 ? `\\.\\./|${climb}` : climb;
  const outside = packages.length > 0 ? `(?!\\.|(${packageSource(packages)})(/|$))` : '(?!\\.)';
  return `^(${relative}|${outside})`;
}

/**
 * Inside src/core, the relative paths a file `depth` folders below src/ in core folder `folder` (null
 * for core's loose files) may not use: those that climb to core's top and name a folder it may not
 * import. A loose file imports only loose files.
 */
function forbiddenCoreSource(folder, depth) {
  const loose = `(${CORE_LOOSE.join('|')})$`;
  if (folder === null) return `^\\./(?!${loose})`;
  const allowed = [folder, ...CORE_FOLDERS[folder]].join('|');
  return `^(\\.\\./){${depth - 1}}(?!\\.\\./)(?!(${allowed})(/|$))(?!${loose})`;
}

/** Rules that refuse each source (a regular expression) with its message, in static imports and import(). */
function restricted(refusals) {
  return {
    'no-restricted-imports': ['error', { patterns: refusals.map(({ source, message }) => ({ regex: source, message })) }],
    // no-restricted-imports does not see import(); the same sources are refused there too.
    'no-restricted-syntax': [
      'error',
      ...refusals.map(({ source, message }) => ({ selector: `ImportExpression[source.value=/${source.replaceAll('/', '\\x2F')}/]`, message })),
    ],
  };
}

function layerRules(files, rules, depth) {
  return { files, rules: restricted([{ source: forbiddenSource(rules, depth), message: `${rules.why} (docs/architecture.md, Layers).` }]) };
}

/** Core's files take the layer's refusals and their folder's in one setting: a later setting of a rule replaces an earlier one. */
function coreRules(files, folder, depth) {
  const where = folder === null ? 'a loose file of src/core' : `src/core/${folder}`;
  const allowed = folder === null ? [] : CORE_FOLDERS[folder];
  const what = [...allowed.map((name) => `${name}/`), "core's loose files"].join(', ');
  return {
    files,
    rules: restricted([
      { source: forbiddenSource(LAYERS.core, depth), message: `${LAYERS.core.why} (docs/architecture.md, Layers).` },
      { source: forbiddenCoreSource(folder, depth), message: `${where} imports only ${what} (docs/architecture.md, Inside core).` },
    ]),
  };
}

function layerConfigs() {
  const configs = [];
  for (const [layer, rules] of Object.entries(LAYERS)) {
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      const files = [`src/${layer}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];
      configs.push(layerRules(files, rules, depth));
    }
    configs.push({
      files: [`src/${layer}/${'*/'.repeat(MAX_DEPTH)}**/*.{ts,tsx}`],
      rules: {
        'no-restricted-syntax': ['error', { selector: 'Program', message: `Folders in src/${layer} nest at most ${MAX_DEPTH} deep (eslint.config.js).` }],
      },
    });
  }
  for (const { files, layer, packages } of EXCEPTIONS) {
    const rules = LAYERS[layer];
    const depth = files[0].split('/').length - 2;
    configs.push(layerRules(files, { ...rules, packages: [...rules.packages, ...packages] }, depth));
  }
  configs.push(layerRules(['src/*.{ts,tsx}'], ENTRIES, 0));
  configs.push(coreRules(['src/core/*.ts'], null, 1));
  for (const folder of Object.keys(CORE_FOLDERS)) {
    for (let depth = 2; depth <= MAX_DEPTH; depth++) configs.push(coreRules([`src/core/${folder}/${'*/'.repeat(depth - 2)}*.ts`], folder, depth));
  }
  return configs;
}

export default defineConfig(
  {
    // *.local.* files are one person's scratch scripts, never part of the project.
    ignores: ['dist/**', 'coverage/**', 'test-results/**', 'test/preview/shots/**', '**/*.local.*'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc (noUnusedLocals, noUnusedParameters) already reports these; `_name` marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['bin/**', 'scripts/**', '*.config.{js,ts}', 'bench/**'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read binary formats (GIF, PNG) through latin1 strings and match their bytes.
    files: ['test/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  ...layerConfigs(),
  {
    // docs/architecture.md: core touches no DOM or WebGPU object, whatever its imports.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'document',
          'window',
          'navigator',
          'location',
          'localStorage',
          'requestAnimationFrame',
          'HTMLElement',
          'Worker',
          'GPUDevice',
          'GPUBuffer',
          'process',
        ].map((name) => ({
          name,
          message: 'src/core runs anywhere: no DOM, WebGPU or Node globals (docs/architecture.md, Layers).',
        })),
      ],
    },
  },
);
